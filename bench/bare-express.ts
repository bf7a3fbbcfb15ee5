// The ceiling to compare against: Express 5 answering a JSON POST with no work at all.
import express from 'express';

const app = express();
app.use(express.json());
app.post('/push', (_req, res) => {
  res.status(201).json({ data: { ok: true } });
});
app.get('/healthz', (_req, res) => {
  res.json({ ok: true });
});
app.listen(Number(process.env.PORT ?? 4199), '127.0.0.1');
