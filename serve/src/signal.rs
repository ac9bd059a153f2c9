//! When to stop: SIGTERM (a service manager) or SIGINT (Ctrl-C). The listener closes and
//! the requests in flight finish.

/// Resolves at the first SIGTERM or SIGINT.
pub(crate) async fn shutdown() {
    let interrupt = async {
        // No handler can be installed: only SIGTERM stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        _ = terminate => {},
    }
    eprintln!("kifu serve: stopping (the requests in flight finish)");
}
