// Prints the plain closing line CI reads: "N passed, N failed[, N skipped]".
import fs from 'node:fs';
const file = process.argv[2];
if (!fs.existsSync(file)) process.exit(0);
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
