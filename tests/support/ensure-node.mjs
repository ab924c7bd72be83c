// Stops a command at once, with one line, when it runs on a Node older than the project's (decision 048):
// `npm ci` installs Node 24 in node_modules (the `node` package) and npm scripts run on it, so this
// only fires where that binary could not be installed or a script is run by hand on an older node.
const NEEDED_MAJOR = 24;

/** The one line to show for this Node version, or undefined when it will do. */
export function nodeVersionProblem(version) {
  if (Number(version.split('.')[0]) >= NEEDED_MAJOR) return undefined;
  return `This project needs Node ${NEEDED_MAJOR} or later, and this is Node ${version}: run \`npm ci\` (it installs Node ${NEEDED_MAJOR} in node_modules) and start it through npm (\`npm start\`, \`npm test\`), or install Node ${NEEDED_MAJOR}.`;
}

export function ensureNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
