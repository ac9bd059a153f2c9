//! Import circles between modules: within each crate of the workspace (and the `kifu`
//! binary), the modules' `use` edges should form no cycle; the ones left are listed in
//! [`KNOWN`], which only shrinks. Cargo already forbids cycles between
//! crates; inside one, two modules that use each other can no longer be read, tested or
//! moved apart (`../shared/STYLE.md`).
//!
//! An edge `a → b` is a path in `a`'s code (not its comments) that names module `b`:
//! `crate::b…`, `super::…`, `self::…`, or a child module by its bare name. A path to one of
//! `a`'s own ancestors is not an edge: a child using what its parent declares is the
//! module tree itself, and `mod.rs` files re-export their children.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules: path (`["cli", "args"]`) → source text without comments.
type Modules = BTreeMap<Vec<String>, String>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The `src` folder of every crate: the binary's and each workspace member's.
fn crate_sources() -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find_map(|l| l.strip_prefix("members = ["))
        .expect("a members line in Cargo.toml");
    let mut out = vec![workspace().join("src")];
    for name in members.trim_end_matches(']').split(',') {
        out.push(workspace().join(name.trim().trim_matches('"')).join("src"));
    }
    out
}

/// The text without `//` comments (doc comments included), string literals' contents and
/// its unit tests (a `#[cfg(test)] mod` to the end of the file: what tests use to build
/// their cases is not a dependency of the module).
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        let mut in_string = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if in_string {
                if c == '"' && prev != '\\' {
                    in_string = false;
                }
                prev = if c == '\\' && prev == '\\' { ' ' } else { c };
                i += 1;
                continue;
            }
            if c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            // A char literal `'"'` is not a string's start.
            if c == '"' && !(prev == '\'' && chars.get(i + 1) == Some(&'\'')) {
                in_string = true;
            }
            kept.push(c);
            prev = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// Every module of the crate whose sources are in `src`.
fn modules(src: &Path) -> Modules {
    let mut out = Modules::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap();
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            out.insert(parts, code(&text));
        }
    }
    out
}

/// The module a path names from module `from`, as the longest prefix that is a module.
fn resolve(modules: &Modules, from: &[String], path: &[&str]) -> Option<Vec<String>> {
    let mut at: Vec<String> = match *path.first()? {
        "crate" => Vec::new(),
        _ => from.to_vec(),
    };
    let mut rest = path;
    if matches!(path[0], "crate" | "self") {
        rest = &path[1..];
    }
    while let Some((&"super", r)) = rest.split_first() {
        at.pop();
        rest = r;
    }
    let mut found = at.clone();
    for segment in rest {
        at.push((*segment).to_owned());
        if modules.contains_key(&at) {
            found = at.clone();
        } else {
            break;
        }
    }
    Some(found)
}

/// `from`'s edges: the modules its paths name, but itself and its ancestors.
fn edges(modules: &Modules, from: &[String], code: &str) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        // A path `a::b::c` starting here (a `{` group: each of its first segments).
        let start = i;
        while i < bytes.len() && (is_ident(bytes[i]) || bytes[i] == b':') {
            i += 1;
        }
        let path: Vec<&str> = code[start..i]
            .split("::")
            .filter(|s| !s.is_empty())
            .collect();
        if path.len() < 2 && !(path.len() == 1 && code[i..].starts_with('{')) {
            continue;
        }
        let first = path[0];
        let child = {
            let mut c = from.to_vec();
            c.push(first.to_owned());
            modules.contains_key(&c)
        };
        if !(matches!(first, "crate" | "self" | "super") || child) {
            continue;
        }
        let mut targets = Vec::new();
        if code[i..].starts_with('{') {
            // `use a::{b, c::d}`: the group's first segments, each after the prefix.
            let close = code[i..].find('}').map_or(code.len(), |k| i + k);
            for item in code[i + 1..close].split(',') {
                let head = item.trim().split("::").next().unwrap_or("").trim();
                if head.is_empty() || head == "self" {
                    continue;
                }
                let mut p = path.clone();
                p.push(head);
                targets.push(p.into_iter().map(str::to_owned).collect::<Vec<_>>());
            }
            targets.push(path.iter().map(|s| (*s).to_owned()).collect());
        } else {
            targets.push(path.iter().map(|s| (*s).to_owned()).collect());
        }
        for t in targets {
            let t: Vec<&str> = t.iter().map(String::as_str).collect();
            if let Some(to) = resolve(modules, from, &t) {
                let ancestor = from.starts_with(&to);
                if !ancestor {
                    out.insert(to);
                }
            }
        }
    }
    out
}

/// The cycles of the graph, one per strongly connected component of more than one module.
fn cycles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    // Kosaraju: the order of finishing on the graph, then components on its reverse.
    let nodes: Vec<&Vec<String>> = graph.keys().collect();
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for &n in &nodes {
        let mut stack = vec![(n, false)];
        while let Some((v, done)) = stack.pop() {
            if done {
                order.push(v);
                continue;
            }
            if !seen.insert(v) {
                continue;
            }
            stack.push((v, true));
            for w in graph.get(v).into_iter().flatten() {
                if !seen.contains(w) {
                    stack.push((w, false));
                }
            }
        }
    }
    let mut reverse: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for (v, ws) in graph {
        for w in ws {
            reverse.entry(w).or_default().push(v);
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for &v in order.iter().rev() {
        if assigned.contains(v) {
            continue;
        }
        let mut component = Vec::new();
        let mut stack = vec![v];
        assigned.insert(v);
        while let Some(x) = stack.pop() {
            component.push(x.clone());
            for &y in reverse.get(x).into_iter().flatten() {
                if assigned.insert(y) {
                    stack.push(y);
                }
            }
        }
        if component.len() > 1 {
            component.sort();
            out.push(component);
        }
    }
    out
}

#[test]
fn no_module_uses_another_that_uses_it_back() {
    let mut found = Vec::new();
    let mut checked = 0;
    for src in crate_sources() {
        let modules = modules(&src);
        checked += modules.len();
        let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = modules
            .iter()
            .map(|(m, code)| (m.clone(), edges(&modules, m, code)))
            .collect();
        for cycle in cycles(&graph) {
            let names: Vec<String> = cycle
                .iter()
                .map(|m| {
                    if m.is_empty() {
                        "(root)".into()
                    } else {
                        m.join("::")
                    }
                })
                .collect();
            let crate_dir = src.strip_prefix(workspace()).unwrap().display().to_string();
            found.push(format!("{crate_dir}: {}", names.join(" ↔ ")));
            if std::env::var_os("KIFU_CYCLE_EDGES").is_some() {
                for m in &cycle {
                    for to in &graph[m] {
                        if cycle.contains(to) {
                            eprintln!("  {} → {}", m.join("::"), to.join("::"));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} modules found");
    // Each a listed circle still there, and no other: breaking one means taking it off
    // the list, and a new one fails here.
    let known: BTreeSet<&str> = KNOWN.iter().copied().collect();
    let now: BTreeSet<&str> = found.iter().map(String::as_str).collect();
    let new: Vec<&&str> = now.difference(&known).collect();
    let broken: Vec<&&str> = known.difference(&now).collect();
    assert!(
        new.is_empty() && broken.is_empty(),
        "new import circles (KIFU_CYCLE_EDGES=1 prints their edges):\n{}\n\
         listed circles that are gone (take them off KNOWN):\n{}",
        new.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        broken
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

/// The circles this check found when it was written (issue 33 broke them all): the list
/// only shrinks, and is empty.
const KNOWN: &[&str] = &[];

#[test]
fn the_cycle_check_sees_a_circle_through_a_group_and_a_bare_child_name() {
    let modules: Modules = [
        (vec![], "mod a; mod b;".to_owned()),
        (vec!["a".to_owned()], "use crate::b::{X, Y};".to_owned()),
        (vec!["b".to_owned()], "fn f() { super::a::g() }".to_owned()),
        (vec!["c".to_owned()], "use a::Z; // crate::b::W".to_owned()),
    ]
    .into_iter()
    .collect();
    let graph: BTreeMap<_, _> = modules
        .iter()
        .map(|(m, code)| (m.clone(), edges(&modules, m, &self::code(code))))
        .collect();
    assert_eq!(
        cycles(&graph),
        vec![vec![vec!["a".to_owned()], vec!["b".to_owned()]]]
    );
    // The comment in `c` is no edge; `a::Z` from `c` names no child of `c`.
    assert!(graph[&vec!["c".to_owned()]].is_empty());
}
