//! What every page of the site's index and event pages shares: the `<head>` (language, the
//! shared style sheet, scripts, the preview's meta, the theme last), the header band (logo,
//! kicker in the audit edition, title, facts line) and the footer, and the words for a game
//! kind. The header's facts are kept as words ([`Fact`]) until here, where they become both
//! the facts line and the preview's description.

use std::fmt::Write;

use kifu_facts::GameKind;

use super::share;
use crate::escape::escape;
use crate::lang::{Edition, Lang, Msg};
use crate::Presentation;

/// The name of a game kind in the page's language.
pub(crate) fn kind_text(kind: GameKind, lang: Lang) -> &'static str {
    lang.kind(kind)
}

/// One fact of a page's header (`12 games`): its words, and the class and id its `<span>`
/// is styled and found by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fact {
    pub(crate) text: String,
    pub(crate) class: Option<&'static str>,
    pub(crate) id: Option<&'static str>,
}

impl Fact {
    /// A fact of `text` in a plain `<span>`.
    pub(crate) fn plain(text: impl Into<String>) -> Fact {
        Fact {
            text: text.into(),
            class: None,
            id: None,
        }
    }

    /// A fact of `text` in a `<span class="{class}">`.
    pub(crate) fn of_class(class: &'static str, text: impl Into<String>) -> Fact {
        Fact {
            class: Some(class),
            ..Fact::plain(text)
        }
    }

    /// The same fact, its `<span>` given `id`.
    pub(crate) fn with_id(self, id: &'static str) -> Fact {
        Fact {
            id: Some(id),
            ..self
        }
    }

    /// The fact's `<span>`, its words escaped.
    pub(crate) fn html(&self) -> String {
        let mut out = String::from("<span");
        if let Some(class) = self.class {
            let _ = write!(out, " class=\"{class}\"");
        }
        if let Some(id) = self.id {
            let _ = write!(out, " id=\"{id}\"");
        }
        let _ = write!(out, ">{}</span>", escape(&self.text));
        out
    }
}

/// The words of `facts` joined as the facts line joins them: the preview's description
/// after what the page is.
pub(crate) fn facts_text(facts: &[Fact]) -> String {
    let words: Vec<&str> = facts.iter().map(|f| f.text.as_str()).collect();
    words.join(" · ")
}

/// A page's top: everything from the doctype to the header band's end.
pub(crate) struct Top<'a> {
    pub(crate) title: &'a str,
    /// `""` for a page at the site's root, `"../"` one folder down.
    pub(crate) base: &'a str,
    /// The page's own address below the site's root (`events/3.html`), percent-encoded:
    /// its `og:url` with the site's `--base-url`.
    pub(crate) path: &'a str,
    /// Scripts in `assets/` the page loads (deferred).
    pub(crate) scripts: &'a [&'a str],
    pub(crate) body_class: &'a str,
    /// The header's facts, joined by dots.
    pub(crate) facts: &'a [Fact],
    /// The filter in words (audit edition only; empty: every game).
    pub(crate) scope: &'a [String],
    /// The logo's HTML: embedded in the root page, a shared file's `<img>` on the many
    /// event pages (an embedded image on each of thousands of pages would weigh more than
    /// the pages).
    pub(crate) logo: &'a str,
    /// A link above the title back to the events index (event pages).
    pub(crate) up: Option<&'a str>,
}

pub(crate) fn top(p: &Presentation, top: &Top) -> String {
    let mut out = String::with_capacity(2048);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"{}assets/site.css\">\n",
        p.lang.tag(),
        escape(top.title),
        top.base
    );
    // What the page is, then its facts: the preview of a shared link.
    let what = match top.body_class {
        "index events" => Msg::ShareEventsIndex,
        "index player" => Msg::SharePlayerPage,
        _ => Msg::ShareEventPage,
    };
    let facts = facts_text(top.facts);
    let description = if facts.is_empty() {
        p.lang.text(what).to_owned()
    } else {
        let colon = if p.lang == Lang::En { ": " } else { "：" };
        format!("{}{colon}{facts}", p.lang.text(what))
    };
    out.push_str(&share::share_meta(&share::ShareMeta {
        title: top.title,
        description: &description,
        og_type: if top.body_class == "index player" {
            "profile"
        } else {
            "website"
        },
        page: top.path,
        image: None,
        base_url: p.base_url.as_ref(),
    }));
    for s in top.scripts {
        let _ = writeln!(
            out,
            "<script src=\"{}assets/{s}\" defer></script>",
            top.base
        );
    }
    out.push_str(&p.theme_style());
    let _ = write!(
        out,
        "</head>\n<body class=\"{}\">\n<header class=\"top\"><div class=\"wrap\">{}",
        top.body_class, top.logo
    );
    if let Some(up) = top.up {
        let _ = write!(
            out,
            "<p class=\"kicker\"><a href=\"{}index.html\">{}</a></p>",
            top.base,
            escape(up)
        );
    } else if p.edition == Edition::Audit {
        let _ = write!(
            out,
            "<p class=\"kicker\">{}</p>",
            p.lang.text(Msg::SiteKicker)
        );
    }
    let _ = write!(
        out,
        "<h1>{}</h1><p class=\"sub\">{}</p>",
        escape(top.title),
        top.facts
            .iter()
            .map(Fact::html)
            .collect::<Vec<_>>()
            .join(" <span class=\"dot\">·</span> ")
    );
    if p.edition == Edition::Audit && !top.scope.is_empty() {
        let _ = write!(
            out,
            "<p class=\"scope\">{}</p>",
            escape(&top.scope.join(" · "))
        );
    }
    out.push_str("</div></header>\n");
    out
}

/// The footer and the document's end.
pub(crate) fn bottom(lang: Lang) -> String {
    format!(
        "</main>\n<footer>{}</footer>\n</body>\n</html>\n",
        lang.text(Msg::Footer)
    )
}

/// `first – last`, one date alone, or nothing.
pub(crate) fn dates_text(first: Option<&str>, last: Option<&str>, lang: Lang) -> Option<String> {
    match (first, last) {
        (Some(a), Some(b)) => Some(lang.dates(a, b)),
        (Some(a), None) | (None, Some(a)) => Some(lang.date(a)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fact_is_escaped_once_in_its_span_and_plain_in_the_description() {
        let facts = [
            Fact::of_class("dates", "2015-08-22 – 2015-08-26"),
            Fact::of_class("count", "A & <B>").with_id("game-count"),
            Fact::plain("Xiangqi"),
        ];
        assert_eq!(
            facts[1].html(),
            "<span class=\"count\" id=\"game-count\">A &amp; &lt;B&gt;</span>"
        );
        assert_eq!(facts[2].html(), "<span>Xiangqi</span>");
        assert_eq!(
            facts_text(&facts),
            "2015-08-22 – 2015-08-26 · A & <B> · Xiangqi"
        );
    }
}
