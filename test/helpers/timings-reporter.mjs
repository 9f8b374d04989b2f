// A node:test reporter for `node test/run.mjs --record-timings`: one JSON line per finished top-level test
// (its file and duration), which run.mjs sums per file into test/timings.json to deal the files into groups.
export default async function* timingsReporter(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      yield `${JSON.stringify({ file: event.data.file, ms: event.data.details.duration_ms })}\n`;
    }
  }
}
