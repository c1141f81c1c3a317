/**
 * The documents mini-bench: four Markdown documents in docs/ (a runbook, a product FAQ, a policy,
 * an office guide), fetched through the filesystem connector, and questions written against their
 * text, each with the sentence that answers it, plus questions nothing in them answers.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Call } from '../locomo/client.js';
import { answerWordsIn } from '../lib/memory-bench.js';
import { fnv1a, type Split } from './dataset.js';

export const DOCS_DIR = resolve(import.meta.dirname, 'docs');

export interface DocumentQuestion {
  id: string;
  /** The file that answers it (its connector title), or null when none does. */
  document: string | null;
  question: string;
  answer: string;
  /** The sentence of the document that answers it, as written there. */
  sentence?: string;
  split: Split;
}

const RUNBOOK = 'harbor-oncall-runbook.md';
const FAQ = 'lumen-notes-faq.md';
const POLICY = 'travel-expense-policy.md';
const OFFICE = 'office-guide.md';

type Spec = [id: string, document: string | null, question: string, answer: string, sentence?: string];

const SPECS: Spec[] = [
  ['doc-harbor-handover', RUNBOOK, 'When does the Harbor on-call rotation hand over?', 'every Monday at 10:00 UTC', 'The rotation is one week long and hands over every Monday at 10:00 UTC, during the platform stand-up.'],
  ['doc-harbor-escalation', RUNBOOK, 'How long until an unacknowledged Harbor page goes to the secondary?', '15 minutes', 'If the primary has not acknowledged a page after 15 minutes, it escalates automatically to the secondary.'],
  ['doc-harbor-disk', RUNBOOK, 'At what disk usage does the normaliser disk alert fire?', '85 percent', 'Fires at 85 percent disk use.'],
  ['doc-harbor-rollback', RUNBOOK, 'Which command rolls back a bad Harbor deploy?', 'harborctl rollback --to previous', 'The command is `harborctl rollback --to previous`, which redeploys the last release that passed the canary.'],
  ['doc-harbor-review', RUNBOOK, 'How soon is the write-up due after a SEV2?', 'within five business days', 'Every SEV1 and SEV2 gets a written post-incident review within five business days.'],
  ['doc-lumen-price', FAQ, 'How much is Lumen Pro a month?', '$6 per month', 'Lumen Pro costs $6 per month, or $60 per year when billed annually.'],
  ['doc-lumen-free', FAQ, 'How many notebooks can I have without paying for Lumen?', 'three', 'The Free plan includes up to three notebooks, sync across two devices, and 100 MB of uploads per month.'],
  ['doc-lumen-trash', FAQ, 'If I delete a note in Lumen, how long can I still get it back?', '30 days', 'Deleted notes go to the Trash and stay there for 30 days, after which they are removed permanently.'],
  ['doc-lumen-attachment', FAQ, 'What is the biggest file I can attach to a note?', '50 MB', 'Each attachment can be up to 50 MB on Free and Pro alike.'],
  ['doc-lumen-export', FAQ, 'Which formats can Lumen export notes to?', 'Markdown or PDF', 'You can export a single note, a notebook or everything as Markdown or PDF from the File menu.'],
  ['doc-policy-hotel', POLICY, 'What is the most I can spend on a hotel per night in most cities?', '$220 per night', 'Hotel stays are capped at $220 per night in most cities, and at $320 per night in the high-cost cities listed on the finance intranet page.'],
  ['doc-policy-perdiem', POLICY, 'What is the daily meal allowance for domestic trips?', '$65', 'Instead of meal receipts, you receive a per diem of $65 for each full day of domestic travel and $90 for each full day abroad.'],
  ['doc-policy-mileage', POLICY, 'How much is paid per mile when I drive my own car for work?', '67 cents per mile', 'If you drive your own car, you are reimbursed at 67 cents per mile, which covers fuel, wear and insurance.'],
  ['doc-policy-deadline', POLICY, 'How long do I have to file my expense claim after a trip?', '30 days', 'Submit your claim in the expense tool within 30 days of returning; claims submitted later need your department head\'s approval and may be refused.'],
  ['doc-policy-receipts', POLICY, 'Above what amount do I need to keep a receipt?', '$25', 'Keep an itemised receipt for every expense over $25.'],
  ['doc-office-badge', OFFICE, 'What does it cost to replace a lost badge?', '$15', 'A replacement badge costs $15, taken from your next pay.'],
  ['doc-office-parking', OFFICE, 'Which parking level should staff use?', 'P2', 'Staff park on level P2; level P1 is kept for visitors and for colleagues with accessibility needs.'],
  ['doc-office-fridge', OFFICE, 'When are the office fridges cleared out?', 'every Friday at 16:00', 'Fridges are emptied every Friday at 16:00, and anything left in them is thrown away, labelled or not.'],
  ['doc-office-guest-wifi', OFFICE, 'Which Wi-Fi network should visitors join?', 'Orchard-Guest', 'Guests use the Orchard-Guest network; the password changes every Monday and is printed on the card at reception.'],
  ['doc-office-alarm', OFFICE, 'When is the fire alarm tested?', 'every Wednesday at 11:00', 'The fire alarm is tested every Wednesday at 11:00; a test lasts less than a minute and you do not need to leave.'],
  ['doc-none-vacation', null, 'How many vacation days do new employees get?', 'not in the documents'],
  ['doc-none-dental', null, 'Which company provides our dental insurance?', 'not in the documents'],
  ['doc-none-staff-wifi', null, 'What is the password of the staff Wi-Fi network?', 'not in the documents'],
  ['doc-none-enterprise', null, 'How much does the Lumen Enterprise plan cost?', 'not in the documents'],
  ['doc-none-manager', null, 'Who is the engineering manager for Harbor?', 'not in the documents'],
];

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The questions, checked against the documents: each sentence stands in its document and holds the answer's words. */
export function documentQuestions(): DocumentQuestion[] {
  return SPECS.map(([id, document, question, answer, sentence]) => {
    if (document && sentence) {
      const text = flat(readFileSync(join(DOCS_DIR, document), 'utf8'));
      if (!text.includes(sentence)) throw new Error(`documents: ${id}'s sentence is not in ${document}`);
      if (!answerWordsIn(sentence, answer)) throw new Error(`documents: ${id}'s answer is not in its sentence`);
    }
    return { id, document, question, answer, sentence, split: fnv1a(id) % 100 < 30 ? 'heldout' : 'dev' };
  });
}

/**
 * Creates the project, opens a session with one round, and ingests every document the connector lists into it;
 * answers the source id of each file (chunks carry it in the SIP, and the document's own title rather than its file name).
 */
export async function ingestDocuments(call: Call): Promise<{ projectId: string; sourceOf: Map<string, string>; chunks: number }> {
  const { id: projectId } = await call<{ id: string }>('POST', '/api/v1/projects', { name: 'work documents' });
  const session_id = 'documents';
  await call('POST', '/api/v1/memory/ingest', {
    session_id, project_id: projectId, user_message: 'I\'m adding a few work documents to this project so you can answer questions about them.',
    assistant_message: 'Sounds good. Once they are in, ask away.', timestamp: '2024-07-01T09:00:00Z',
  });
  const listed = await call<{ documents: { external_id: string }[] }>('POST', '/api/v1/connectors/filesystem/list', { credentials: {} });
  let chunks = 0;
  const sourceOf = new Map<string, string>();
  for (const { external_id } of listed.documents) {
    const ingested = await call<{ status: string; chunks_stored: number; source_id: string }>(
      'POST', '/api/v1/connectors/filesystem/ingest', { credentials: {}, external_id, session_id },
    );
    if (ingested.status !== 'ingested') throw new Error(`documents: ${external_id} is ${ingested.status}`);
    chunks += ingested.chunks_stored;
    sourceOf.set(external_id, ingested.source_id);
  }
  return { projectId, sourceOf, chunks };
}
