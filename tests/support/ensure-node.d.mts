/** The one line to show for this Node version, or undefined when it will do. */
export function nodeVersionProblem(version: string): string | undefined;
/** Exits 1 with that line when this process's Node is too old. */
export function ensureNode(): void;
