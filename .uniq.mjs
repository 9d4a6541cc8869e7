import autocannon from 'autocannon';
let n = 0;
const r = await autocannon({ url: 'http://127.0.0.1:4395/main/material-store', connections: 16, duration: 8, headers: { 'accept-encoding': 'identity' }, requests: [{ setupRequest: (req) => ({ ...req, path: `/main/material-store?_=${++n}` }) }] });
console.log('rps', r.requests.average, 'non2xx', r.non2xx);
