//! How a failed command ends: quietly when its reader went away, else with its error
//! chain said once.

/// Whether a closed pipe is anywhere in the chain (`kifu games | head`): what the reader
/// read was written, so it is no error.
pub fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, `outer: cause: …`, each said once: an error whose text
/// already quotes its source's (`database error: …`) does not repeat it.
pub fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let said = cause.to_string();
        if text.is_empty() {
            text = said;
        } else if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn a_cause_is_said_once_and_a_closed_pipe_is_found_at_any_depth() {
        let io = io::Error::new(io::ErrorKind::BrokenPipe, "pipe closed");
        let analysis = kifu_analysis::Error::Io(io);
        let e = anyhow::Error::new(analysis).context("writing the table");
        assert_eq!(
            message(&e),
            "writing the table: analysis output: pipe closed"
        );
        assert!(broken_pipe(&e));
        let e = anyhow::Error::new(io::Error::other("disk full")).context("create out.svg");
        assert_eq!(message(&e), "create out.svg: disk full");
        assert!(!broken_pipe(&e));
    }
}
