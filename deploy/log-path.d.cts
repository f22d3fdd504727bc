/** See log-path.cjs. */
/** The path a log may hold of a request target: no query, cut at `#`, `%`, `;`, `policies` and `token` (nginx's $portal_log_path). */
export function logPath(target: string | undefined): string;
