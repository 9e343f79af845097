// A second process holding SQLite's write lock: BEGIN EXCLUSIVE, prints "locked", waits, commits.
import BetterSqlite3 from "better-sqlite3";

const [path, holdMsText] = process.argv.slice(2);
const db = new BetterSqlite3(path ?? "");
db.exec("BEGIN EXCLUSIVE");
process.stdout.write("locked\n");
setTimeout(() => {
  db.exec("COMMIT");
  db.close();
  process.stdout.write("released\n");
}, Number(holdMsText));
