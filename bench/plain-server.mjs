// The baseline for bench/ssr: the same HTML bytes served by a bare node:http server, in its own process.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const html = readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': html.length });
    res.end(html);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
