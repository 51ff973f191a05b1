"""The club desk's sources (the page, its worker and the site's builder) and what the
suite, the benchmark and the pictures share to serve the built site."""
