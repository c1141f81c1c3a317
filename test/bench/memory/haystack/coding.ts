/** Coding help: how-tos per language, error messages, git, and concepts. */
import { either, pairs, pick, type Bank, type Exchange } from './random.js';

type Language = 'Python' | 'JavaScript' | 'Bash';

/** A task and how it is done in the languages it makes sense in. */
const TASKS: { task: string; how: Partial<Record<Language, string>> }[] = [
  { task: 'reverse a string', how: { Python: 'slice it backwards: `text[::-1]`', JavaScript: 'spread it into an array first so emoji survive: `[...text].reverse().join(\'\')`', Bash: 'pipe it through `rev`: `echo "$text" | rev`' } },
  { task: 'read a file line by line', how: { Python: 'iterate over the open file: `with open(path) as f: for line in f: ...`', JavaScript: 'use `readline` over a stream: `for await (const line of rl) { ... }` with `readline.createInterface({ input: fs.createReadStream(path) })`', Bash: 'use `while IFS= read -r line; do ...; done < file`' } },
  { task: 'remove duplicates from a list', how: { Python: 'use `list(dict.fromkeys(items))`, which keeps the original order', JavaScript: 'use a Set: `[...new Set(items)]`', Bash: 'use `sort -u`, or `awk \'!seen[$0]++\'` to keep the order' } },
  { task: 'sort a list of records by a field', how: { Python: 'use `sorted(rows, key=lambda r: r["age"])`, adding `reverse=True` for descending', JavaScript: 'use `rows.sort((a, b) => a.age - b.age)`, or `localeCompare` for strings' } },
  { task: 'get the current date as YYYY-MM-DD', how: { Python: 'use `date.today().isoformat()` from the datetime module', JavaScript: 'use `new Date().toISOString().slice(0, 10)` (that is UTC; use Intl.DateTimeFormat for local time)', Bash: 'use `date +%F`' } },
  { task: 'check if a file exists', how: { Python: 'use `Path(path).exists()` from pathlib', JavaScript: 'use `fs.existsSync(path)`, or `fs.promises.access` in async code', Bash: 'use `[ -f "$path" ]` for a regular file or `-e` for anything' } },
  { task: 'count words in a text', how: { Python: 'use `len(text.split())`, or `collections.Counter(text.split())` for counts per word', JavaScript: 'use `text.trim().split(/\\s+/).length`', Bash: 'use `wc -w < file`' } },
  { task: 'make an HTTP request', how: { Python: 'use the requests library: `requests.get(url, timeout=10).json()`', JavaScript: 'use the built-in fetch: `const data = await (await fetch(url)).json()`', Bash: 'use `curl -s url`, piped to `jq` for JSON' } },
  { task: 'find all files with a given extension', how: { Python: 'use `Path(".").rglob("*.csv")`', JavaScript: 'use `fs.readdirSync(dir, { recursive: true })` and filter on the extension', Bash: 'use `find . -name "*.csv"`' } },
  { task: 'merge two dictionaries', how: { Python: 'use `merged = a | b` (Python 3.9+); keys in b win', JavaScript: 'use `{ ...a, ...b }` for objects; later keys win' } },
  { task: 'round a number to two decimals', how: { Python: 'use `round(x, 2)` for a number or `f"{x:.2f}"` for display', JavaScript: 'use `x.toFixed(2)` for display (it returns a string) or `Math.round(x * 100) / 100`' } },
  { task: 'replace text in many files', how: { Python: 'loop over the files with pathlib, `p.write_text(p.read_text().replace(old, new))`', Bash: 'use `sed -i \'s/old/new/g\' *.txt` (on macOS, `sed -i \'\'`)' } },
];

const ASKS = ['How do I {task} in {lang}?', 'What\'s the cleanest way to {task} in {lang}?', 'In {lang}, how would you {task}?', 'Remind me how to {task} in {lang}', 'I always forget: {task}, {lang}?'];
const ANSWERS = ['In {lang}, {how}.', 'The idiomatic way in {lang} is to {how}.', 'Simplest option: {how}.', 'You can {how}. That covers most cases.'];

const howTo: Bank = (r) => {
  const { task, how } = pick(r, TASKS);
  const lang = pick(r, Object.keys(how) as Language[]);
  const fill = (t: string) => t.replace('{task}', task).replace('{lang}', lang).replace('{how}', how[lang]!);
  return [fill(pick(r, ASKS)), fill(pick(r, ANSWERS))];
};

const ERRORS: Exchange[] = [
  ['What does "TypeError: Cannot read properties of undefined (reading \'map\')" mean?', 'You called `.map` on something that is undefined — usually data that hasn\'t loaded yet or a misspelled property. Default it (`items ?? []`) or check where the value comes from.'],
  ['Python says "IndentationError: unexpected indent". I don\'t see anything wrong.', 'Usually a mix of tabs and spaces, or a line indented more than the block it belongs to. Turn on "show whitespace" in your editor and convert everything to four spaces.'],
  ['git says "fatal: refusing to merge unrelated histories"', 'The two branches share no common commit — common when a repo was created with a README on the host and locally. If you really mean to combine them, `git pull origin main --allow-unrelated-histories`.'],
  ['"ModuleNotFoundError: No module named requests" but I installed it', 'It was probably installed for a different Python. Run `python -m pip install requests` with the same interpreter you run the script with, or activate your virtual environment first.'],
  ['What is "EADDRINUSE" when I start my server?', 'Something is already listening on that port — often an old copy of your server. Find it with `lsof -i :3000` and stop it, or start yours on another port.'],
  ['Why does my bash script say "permission denied"?', 'The file isn\'t executable. Run `chmod +x script.sh`, or call it as `bash script.sh`.'],
  ['"SyntaxError: Unexpected token < in JSON at position 0" — what?', 'The response you parsed as JSON is HTML, usually an error page or the wrong URL. Log the raw response text to see what the server actually sent.'],
  ['CORS error in the browser console when calling my API', 'The server must send an `Access-Control-Allow-Origin` header for your page\'s origin. Add CORS middleware on the API side; the browser is just enforcing it.'],
  ['"KeyError: \'name\'" in Python, how do I avoid it?', 'The dictionary has no "name" key. Use `d.get("name")` (or with a default, `d.get("name", "")`) or check `"name" in d` first.'],
  ['what does "segmentation fault (core dumped)" actually mean?', 'The program touched memory it isn\'t allowed to — a null or dangling pointer, or running off the end of an array. In C, run it under a debugger or with AddressSanitizer to find the line.'],
];

const GIT: Exchange[] = [
  ['how do I undo my last commit but keep the changes?', '`git reset --soft HEAD~1` moves the branch back one commit and leaves the changes staged.'],
  ['how do I rename a git branch?', 'On the branch: `git branch -m new-name`. If it was pushed, push the new name and delete the old one on the remote.'],
  ['what\'s the difference between git merge and rebase?', 'Merge joins histories with a merge commit and keeps everything as it happened; rebase replays your commits on top of another branch for a linear history. Don\'t rebase commits others already pulled.'],
  ['how do I see what changed in the last commit?', '`git show` prints the last commit\'s message and diff; `git show --stat` just the files.'],
  ['I committed to main by accident, how do I move it to a new branch?', 'Create the branch where you are (`git branch feature`), then move main back (`git reset --hard HEAD~1`) and `git switch feature`. Only do this if you haven\'t pushed main.'],
  ['how do I ignore a file that\'s already tracked?', 'Add it to .gitignore, then `git rm --cached path/to/file` and commit; the file stays on disk.'],
  ['how do I discard all local changes to one file?', '`git restore path/to/file` (or the older `git checkout -- path/to/file`).'],
  ['how do I find which commit broke something?', 'Use `git bisect`: mark a bad commit and a good one, and git walks you through a binary search until it finds the first bad commit.'],
];

const CONCEPTS: Exchange[] = [
  ['What\'s the difference between a process and a thread?', 'A process has its own memory space; threads live inside a process and share its memory. Threads are cheaper to create but need care around shared data.'],
  ['Can you explain big O notation in two sentences?', 'Big O describes how an algorithm\'s running time or memory grows as the input grows, ignoring constants. O(n) grows in step with the input, O(n²) with its square, O(log n) barely at all.'],
  ['What is a race condition?', 'A bug where the result depends on the timing of two things running at once — for example two requests reading and writing the same counter. Locks, atomic operations or transactions prevent it.'],
  ['What\'s the difference between SQL and NoSQL databases?', 'SQL databases store tables with a fixed schema and join them with queries; NoSQL covers document, key-value, graph and wide-column stores with flexible schemas that often scale out more easily but offer fewer joins.'],
  ['what is a REST API, simply?', 'A way for programs to talk over HTTP: resources have URLs, and you use GET, POST, PUT and DELETE on them, usually exchanging JSON.'],
  ['Why do people say not to store passwords in plain text? Isn\'t the database private?', 'Databases leak — backups, bugs, insiders. Store a slow salted hash (bcrypt, scrypt or Argon2) so a leak doesn\'t reveal the actual passwords.'],
  ['What\'s the point of unit tests if I test by hand anyway?', 'They run in seconds every time anything changes, catch regressions you\'d never think to re-check by hand, and document how the code is meant to behave.'],
  ['What is recursion, with an example?', 'A function that calls itself on a smaller piece of the problem until it hits a base case. Factorial: `f(n) = n * f(n - 1)`, with `f(0) = 1`.'],
  ['What\'s a hash map and why is lookup fast?', 'It stores key-value pairs in an array indexed by a hash of the key, so finding a key is one hash plus a jump to its slot — constant time on average.'],
  ['what\'s the difference between == and === in JavaScript?', '`==` converts types before comparing (so `"1" == 1` is true); `===` compares without conversion. Use `===` unless you have a reason not to.'],
];

export const coding: Bank = either(howTo, howTo, pairs(ERRORS), pairs(GIT), pairs(CONCEPTS));
