//! The site's index page and the whole site's writing.
