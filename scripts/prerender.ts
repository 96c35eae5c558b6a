import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { supportedLanguages } from '../common/language';
import { NOTICE_TEMPLATES_FILE, PRERENDERED_ELEMENT_ID, prerenderedPages } from '../common/prerendered-pages';

/**
 * Runs after `vite build`: renders the public pages a visitor can open without a token, in each
 * language, and writes them as complete HTML files next to index.html. The server sends them, so
 * the content is painted before the JavaScript arrives; the app then takes over the page
 * (src/app/PrerenderHandoff.tsx). Fails the build when a page cannot be rendered, or when the
 * markup uses a class the built CSS does not define (the two builds would have drifted apart).
 */
const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');
const serverBundleDir = path.join(root, 'node_modules/.cache/teileportal-prerender');

rmSync(serverBundleDir, { recursive: true, force: true });
await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/render-page.tsx',
    outDir: serverBundleDir,
    emptyOutDir: true,
    manifest: false,
    ssrManifest: false,
  },
});
const renderer: typeof import('../src/prerender/render-page') = await import(
  pathToFileURL(path.join(serverBundleDir, 'render-page.js')).href
);

const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
);
const builtCss = Object.values(manifest)
  .flatMap((entry) => entry.css ?? [])
  .filter((file, index, files) => files.indexOf(file) === index)
  .map((file) => readFileSync(path.join(distDir, file), 'utf8'))
  .join('\n');

/** Classes libraries add for their own hooks, with no style of ours behind them. */
const unstyledLibraryClasses = new Set(['active']);

function assertClassesDefined(pathname: string, markup: string) {
  const classNames = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.split(/\s+/) ?? []));
  const missing = [...classNames].filter(
    (name) => name && !unstyledLibraryClasses.has(name) && !builtCss.includes(`.${name}`),
  );
  if (missing.length > 0) {
    throw new Error(`prerendered ${pathname} uses classes the built CSS lacks: ${missing.slice(0, 5).join(', ')}`);
  }
}

/** The JS chunks and CSS files a chunk needs, following its static imports. */
function chunkClosure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) chunkClosure(imported, files);
  return files;
}

/**
 * The styles of the shell and the route, inlined: the copy is painted as soon as the HTML has
 * arrived, and looks exactly like the live page (no shift when the app takes over). The app's
 * own stylesheet links still load later and carry the same rules.
 */
function inlineStyles(page: (typeof prerenderedPages)[number]) {
  const files = new Set([
    ...chunkClosure('index.html'),
    ...chunkClosure('src/main.tsx'),
    ...chunkClosure(`${page.routeFile}?tsr-split=component`),
    ...chunkClosure(page.routeFile),
  ]);
  const css = [...files]
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(path.join(distDir, file), 'utf8'))
    .join('\n');
  return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
}

function escapeAttribute(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

const outDir = path.join(distDir, 'prerendered');
mkdirSync(outDir, { recursive: true });
for (const language of supportedLanguages) {
  for (const page of prerenderedPages) {
    // The copy's forms take typing at once and are sent by the browser itself until the app takes
    // over (ADR 046). A submit button the app disables until a field is filled stays usable in
    // the copy: there the server checks the post with the same rules.
    const markup = (await renderer.renderPage(page.pathname, language)).replace(
      /(<button type="submit"[^>]*?) disabled=""/g,
      '$1',
    );
    assertClassesDefined(page.pathname, markup);
    const head = renderer.documentHead();
    const html = shell
      .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        `<meta name="description" content="${escapeAttribute(head.description)}"`,
      )
      .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
      .replace('</head>', `  ${inlineStyles(page)}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="${PRERENDERED_ELEMENT_ID}">${markup}</div><div id="root"></div>`);
    if (!html.includes(markup)) throw new Error('dist/index.html has no empty <div id="root"></div>');
    writeFileSync(path.join(outDir, page.file(language)), html);
  }
}
const noticeTemplates = renderer.renderNoticeTemplates();
for (const template of Object.values(noticeTemplates)) assertClassesDefined('notice templates', template);
writeFileSync(path.join(outDir, NOTICE_TEMPLATES_FILE), JSON.stringify(noticeTemplates));
rmSync(serverBundleDir, { recursive: true, force: true });
console.log(`prerendered ${prerenderedPages.length} pages in ${supportedLanguages.join(', ')}`);
