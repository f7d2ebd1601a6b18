// autocannon setupClient (loaded by require in its worker): each connection signs in as the next
// bench user, so the load reads many users' rows rather than one user's over and over.
const tokens = JSON.parse(process.env.BENCH_TOKENS || '[]');
let next = 0;
module.exports = function setToken(client) {
  const token = tokens[next++ % tokens.length];
  client.setHeaders({ authorization: `Bearer ${token}` });
};
