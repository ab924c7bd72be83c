// Runs once before all tests: the integration and browser tests need an up-to-date build.
export default async function setup(): Promise<void> {
  // @ts-expect-error -- plain ESM build script without type declarations
  const { buildIfStale } = (await import('../../esbuild.config.mjs')) as { buildIfStale: () => Promise<boolean> };
  await buildIfStale();
}
