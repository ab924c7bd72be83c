// bench/search-bench.ts
import { mkdtemp, rm, writeFile as writeFile2, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path3 from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { pino } from "pino";

// server/items/content/content-source.ts
import { watch } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// shared/items/items-reader.ts
var MAX_FILTER_LENGTH = 200;
function normalizeFilter(filter) {
  return (filter ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_FILTER_LENGTH).trim();
}
var ARTICLE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;
function isValidArticleId(id) {
  return ARTICLE_ID_PATTERN.test(id) && !id.includes("..");
}

// server/items/content/parse-article-file.ts
import matter from "gray-matter";
import MarkdownIt from "markdown-it";
import { z } from "zod";

// server/items/iso-date.ts
var ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
function isIsoDate(value) {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

// server/items/content/parse-article-file.ts
var markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });
var isoDate = z.union([z.date(), z.string()]).transform((value, context) => {
  const date = value instanceof Date ? value : new Date(isIsoDate(value.trim()) ? value.trim() : Number.NaN);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: "custom", message: `not a date: ${JSON.stringify(value)} (expected YYYY-MM-DD)` });
    return z.NEVER;
  }
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
});
var stringList = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((value) => Array.isArray(value) ? value : [value]);
var frontMatterSchema = z.object({
  id: z.union([z.string(), z.number().int().nonnegative()]).transform(String).refine(isValidArticleId, { error: 'must be letters, digits, ".", "_", "~" or "-" (at most 128)' }),
  title: z.string().trim().min(1, { error: "must not be empty" }),
  date: isoDate,
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: "must be a language code such as fr or en" }),
  tags: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  images: stringList.optional(),
  image: z.string().min(1).optional(),
  summary: z.string().trim().min(1, { error: "must not be empty" })
});
var ContentFileError = class extends Error {
  constructor(file, field, detail) {
    super(`${file}: ${field}: ${detail}`);
    this.file = file;
    this.field = field;
    this.name = "ContentFileError";
  }
  file;
  field;
};
function refuseCode() {
  throw new Error("executable front matter is not allowed, use YAML");
}
function parseArticleFile(file, text) {
  let parsed;
  try {
    parsed = matter(text, { engines: { js: refuseCode, javascript: refuseCode } });
  } catch (error) {
    throw new ContentFileError(file, "front matter", `invalid YAML (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContentFileError(file, issue?.path.join(".") || "front matter", issue?.message ?? "invalid");
  }
  const meta = result.data;
  return {
    id: meta.id,
    tit: meta.title,
    date_m: meta.date,
    lg: meta.language,
    tags: meta.tags,
    img: meta.images ?? (meta.image ? [meta.image] : []),
    sum: markdown.renderInline(meta.summary),
    ctn: markdown.render(parsed.content)
  };
}

// server/items/content/search-index.ts
import MiniSearch from "minisearch";

// shared/items/truncate-html.ts
function htmlToPlainText(html) {
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return html.replace(/<[^>]*>/g, " ").replace(/&(#\d+|#x[0-9A-Fa-f]+|[A-Za-z]+);/g, (entity, body) => {
    if (!body.startsWith("#")) return named[body] ?? entity;
    const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 1114111 ? String.fromCodePoint(code) : entity;
  }).replace(/\s+/g, " ").trim();
}

// server/items/content/search-index.ts
function foldText(text) {
  return text.toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss").normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}
function buildSearchIndex(articles) {
  const index = new MiniSearch({
    fields: ["title", "summary", "tags", "body"],
    processTerm: (term) => foldText(term) || null,
    searchOptions: { combineWith: "AND", prefix: true }
  });
  const documents = [];
  for (const article of articles) {
    documents.push({
      id: article.id,
      title: article.tit,
      summary: htmlToPlainText(article.sum),
      tags: article.tags.join(" "),
      body: htmlToPlainText(article.ctn)
    });
  }
  index.addAll(documents);
  return {
    search(query) {
      return new Set(index.search(query).map((result) => String(result.id)));
    }
  };
}

// server/items/content/content-source.ts
function toSummary({ id, tit, date_m, tags, img, sum }) {
  return { id, tit, date_m, tags, img, sum };
}
function byDateDescending(a, b) {
  return Date.parse(b.date_m) - Date.parse(a.date_m) || a.id.localeCompare(b.id);
}
async function loadContent(contentDir) {
  const dir2 = path.join(contentDir, "articles");
  const relative = (file) => path.relative(process.cwd(), path.join(dir2, file)) || file;
  const names = (await readdir(dir2).catch((error) => {
    if (error.code === "ENOENT") return [];
    throw error;
  })).filter((name) => name.endsWith(".md")).sort();
  const byId = /* @__PURE__ */ new Map();
  const fileOf = /* @__PURE__ */ new Map();
  const problems = [];
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir2, name), "utf8").catch((error) => error)));
  names.forEach((name, at) => {
    const file = relative(name);
    const text = texts[at];
    try {
      if (text instanceof Error) throw new ContentFileError(file, "file", `cannot be read (${text.message})`);
      const article = parseArticleFile(file, text ?? "");
      const first = fileOf.get(article.id);
      if (first) throw new ContentFileError(file, "id", `duplicate id "${article.id}", already used by ${first}`);
      byId.set(article.id, article);
      fileOf.set(article.id, file);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      problems.push({ file: error.file, field: error.field, message: error.message });
    }
  });
  const summaries = [...byId.values()].map(toSummary).sort(byDateDescending);
  return { byId, summaries, index: buildSearchIndex(byId.values()), problems };
}
async function createContentSource({ contentDir, logger, watchFiles = true }) {
  const log = logger.child({ source: "content" });
  const listeners = /* @__PURE__ */ new Set();
  const report = (next) => {
    for (const problem of next.problems) log.error({ file: problem.file, field: problem.field }, `content file skipped: ${problem.message}`);
    log.info({ articles: next.byId.size, skipped: next.problems.length }, "content loaded");
  };
  let snapshot = await loadContent(contentDir);
  report(snapshot);
  let reloading = null;
  let again = false;
  const reload = async () => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        again = false;
        try {
          snapshot = await loadContent(contentDir);
          report(snapshot);
          for (const listener of listeners) listener();
        } catch (error) {
          log.error({ err: error }, "content reload failed");
        }
      } while (again);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  };
  let watcher = null;
  let timer = null;
  if (watchFiles) {
    try {
      watcher = watch(path.join(contentDir, "articles"), () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void reload(), 150);
      });
      watcher.on("error", (error) => log.warn({ err: error }, "content watcher stopped"));
    } catch (error) {
      log.warn({ err: error }, "content folder not watched; restart to see changes");
    }
  }
  return {
    description: `content ${contentDir}`,
    async list(filter) {
      const query = normalizeFilter(filter);
      if (!query) return snapshot.summaries;
      const matches = snapshot.index.search(query);
      return snapshot.summaries.filter((summary) => matches.has(summary.id));
    },
    async get(id) {
      return snapshot.byId.get(id) ?? null;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async isReady() {
      return true;
    },
    problems: () => snapshot.problems,
    reload,
    async close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    }
  };
}

// bench/report.ts
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path2 from "node:path";
import { fileURLToPath } from "node:url";
var resultsDir = path2.join(path2.dirname(fileURLToPath(import.meta.url)), "..", "results");
function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)];
}
async function writeReport(name, report) {
  const machine = `${os.cpus().length} \xD7 ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.versions.node}`;
  const markdown2 = [
    `# ${report.title}`,
    "",
    `Run ${(/* @__PURE__ */ new Date()).toISOString()} on ${machine}.`,
    "",
    ...report.summary.map((line) => `- ${line}`),
    "",
    `| ${report.columns.join(" | ")} |`,
    `| ${report.columns.map(() => "---").join(" | ")} |`,
    ...report.rows.map((row) => `| ${row.join(" | ")} |`),
    ""
  ].join("\n");
  await writeFile(path2.join(resultsDir, `${name}.md`), markdown2);
  await writeFile(path2.join(resultsDir, `${name}.json`), JSON.stringify({ ...report, machine, date: (/* @__PURE__ */ new Date()).toISOString() }, null, 2) + "\n");
  console.log(markdown2);
}

// bench/search-bench.ts
var ARTICLES = 1e4;
var WORDS_PER_BODY = 400;
var TIME_BUDGET_MS = 1e4;
var MAX_RUNS_PER_QUERY = 300;
var topics = [
  "java thread virtuel record classe scell\xE9e jvm m\xE9moire garbage",
  "spring boot s\xE9curit\xE9 jeton transaction batch chunk reprise",
  "postgresql index requ\xEAte explain plan partition jsonb vacuum",
  "angular signal composant route formulaire rxjs standalone",
  "http cache etag latence d\xE9bit http2 compression proxy",
  "linux systemd journal bash diagnostic r\xE9seau m\xE9moire disque",
  "\xE9quipe revue qualit\xE9 test int\xE9gration mise en \u0153uvre m\xE9thode",
  "architecture hexagonal domaine \xE9v\xE9nement adaptateur port microservice"
].map((topic) => topic.split(" "));
var seed = 42;
function random() {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}
var syllables = ["ka", "lo", "mi", "ne", "ra", "tu", "v\xE9", "zo", "pri", "sta", "gr\xE9", "don", "fil", "mar", "cho", "bel"];
var filler = Array.from({ length: 5e3 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(""));
var choose = (list) => list[Math.floor(random() * list.length)];
var words = (count, topic) => Array.from({ length: count }, () => random() < 0.1 ? choose(topic) : choose(filler)).join(" ");
async function writeCorpus(dir2) {
  await mkdir(path3.join(dir2, "articles"), { recursive: true });
  const writes = [];
  for (let index = 0; index < ARTICLES; index += 1) {
    const topic = topics[index % topics.length];
    const day = new Date(Date.UTC(2010, 0, 1) + index * 36e5 * 11).toISOString().slice(0, 10);
    const text = [
      "---",
      `id: article-${index}`,
      `title: "${words(6, topic)}"`,
      `date: ${day}`,
      `language: ${index % 4 === 0 ? "en" : "fr"}`,
      `tags: [${words(3, topic).split(" ").join(", ")}]`,
      `summary: "${words(35, topic)}"`,
      "---",
      `## ${words(4, topic)}`,
      "",
      words(WORDS_PER_BODY / 2, topic),
      "",
      `## ${words(4, topic)}`,
      "",
      words(WORDS_PER_BODY / 2, topic),
      ""
    ].join("\n");
    writes.push(writeFile2(path3.join(dir2, "articles", `article-${index}.md`), text));
  }
  await Promise.all(writes);
}
var queries = ["java", "equipe", "oeuvre", "spring boot", "postgresql index requete", "perf", "signal composant", "thread virtuel", "kalomi", "zzz-nothing"];
var dir = await mkdtemp(path3.join(tmpdir(), "search-bench-"));
try {
  await writeCorpus(dir);
  const loadStart = performance.now();
  const source = await createContentSource({ contentDir: dir, logger: pino({ level: "silent" }), watchFiles: false });
  const loadMs = performance.now() - loadStart;
  const rows = [];
  const all = [];
  const deadline = performance.now() + TIME_BUDGET_MS;
  for (const query of queries) {
    const timings = [];
    let hits = 0;
    for (let run = 0; run < MAX_RUNS_PER_QUERY && performance.now() < deadline; run += 1) {
      const start = performance.now();
      hits = (await source.list(query)).length;
      timings.push(performance.now() - start);
    }
    all.push(...timings);
    rows.push([query, String(hits), String(timings.length), percentile(timings, 50).toFixed(2), percentile(timings, 99).toFixed(2)]);
  }
  await source.close();
  setFlagsFromString("--expose-gc");
  runInNewContext("gc")();
  const { rss, heapUsed } = process.memoryUsage();
  const rssMb = rss / 1024 / 1024;
  const heapMb = heapUsed / 1024 / 1024;
  await writeReport("search", {
    title: `Built-in search over ${ARTICLES.toLocaleString("en")} articles`,
    summary: [
      `Corpus: ${ARTICLES} generated Markdown articles (~${WORDS_PER_BODY} words each), loaded and indexed in ${(loadMs / 1e3).toFixed(1)} s.`,
      `All queries: p50 ${percentile(all, 50).toFixed(2)} ms, p99 ${percentile(all, 99).toFixed(2)} ms over ${all.length} searches. Memory after a full GC, with the index loaded: heap ${heapMb.toFixed(0)} MB, RSS ${rssMb.toFixed(0)} MB.`
    ],
    columns: ["query", "results", "runs", "p50 ms", "p99 ms"],
    rows
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
