import { pino } from 'pino';
import { performance } from 'node:perf_hooks';
import { createContentSource } from '../server/items/content/content-source';
const words = 'postgresql index requete optimiser caching thread virtuel spring jeton transaction composant signal latence systemd equipe architecture hexagonale conteneur deploiement dependency merge kafka observable hydratation vacuum partition memory garbage proxy journal cache securite test performance linux docker kubernetes java angular react maven gradle jvm hibernate http methode devops git bash sql typescript requetes serveur client donnees modele service module version fichier projet code application reseau'.split(' ');
const source = await createContentSource({ contentDir: '/tmp/h29-corpus', logger: pino({ level: 'silent' }), watchFiles: false, cacheDir: process.env.CACHE_DIR! });
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const pick = () => words[Math.floor(random() * words.length)]!;
for (let i = 0; i < 50; i += 1) await source.search({ text: `${pick()} ${pick()}`, page: 1, pageSize: 20 });
for (const label of ['search', 'list']) {
  const t: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < 300; i += 1) {
    const text = `${pick()} ${pick()}`;
    const s = performance.now();
    if (label === 'search') await source.search({ text, sort: random() < 0.5 ? 'date' : 'relevance', page: random() < 0.5 ? 1 : 2, pageSize: 20 });
    else await source.list(text);
    t.push(performance.now() - s);
  }
  const cpu = process.cpuUsage(cpu0);
  t.sort((a, b) => a - b);
  console.log(label, 'p50', t[150]!.toFixed(2), 'p99', t[296]!.toFixed(2), 'mean', (t.reduce((a, b) => a + b) / t.length).toFixed(2), 'cpu/op', ((cpu.user + cpu.system) / 1000 / t.length).toFixed(2));
}
await source.close();
