import { z } from 'zod';
import { count, identifier, JsonObject, MAX_QUERY_LENGTH } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { laxBool, laxInt } from './validation/lax.js';

/** The smallest SIP budget a caller may ask for: MEMCTX_SIP_TOKEN_BUDGET's own lower bound. */
export const MIN_SIP_TOKEN_BUDGET = 50;

export const SipBuildRequest = z
  .object({
    include_global: laxBool().default(false),
    project_id: identifier('Project').nullable().default(null).meta({ description: 'Scope the build to this project.' }),
    query: z.string().max(MAX_QUERY_LENGTH).nullable().default(null),
    session_id: identifier('Session').nullable().default(null),
    token_budget: laxInt({ ge: MIN_SIP_TOKEN_BUDGET }).nullable().default(null).meta({
      description:
        `Most tokens the SIP may hold, at least ${MIN_SIP_TOKEN_BUDGET}; null: the service's budget (MEMCTX_SIP_TOKEN_BUDGET). ` +
        'A larger value than the service\'s budget is lowered to it (the answer\'s `token_budget` says what was applied).',
    }),
  })
  .meta({ id: 'SipBuildRequest' });

export const SipCitation = z
  .object({
    index: z.int().min(1).meta({ description: '1-based; matches the [n] marker in the SIP text.' }),
    record_id: z.string(),
    summary: z.string(),
    provenance: z.string(),
    source_id: z.string().nullable().optional().meta({ description: 'Set only for records from a project source document.' }),
    source_title: z.string().nullable().optional(),
  })
  .meta({ id: 'SipCitation' });

const SectionItems = z.array(JsonObject);

export const SipSections = z
  .object({
    identity: SectionItems.meta({ description: 'USER_STATED and USER_CONFIRMED records.' }),
    active_context: SectionItems.meta({ description: 'Remaining FACTUAL records.' }),
    preferences: SectionItems.meta({ description: 'PREFERENCE-type records.' }),
    calibration_notes: JsonObject.meta({ description: 'Empty passthrough; never fabricated by this service.' }),
    uncertain_facts: SectionItems.meta({ description: 'AI_GENERATED records, marked uncertain.' }),
  })
  .meta({ id: 'SipSections' });

export const SipAnswerability = z
  .object({
    score: z.number().min(0).max(1).meta({ description: 'Probability that memory answers the query; the SIP abstains below the service\'s threshold.' }),
    signals: z.record(z.string(), z.number()).meta({ description: 'What the score was computed from (coverage, unseen, similarity, ...), for diagnosis.' }),
  })
  .meta({ id: 'SipAnswerability' });

export const SipBuildResponse = z
  .object({
    sip: z.string().meta({
      description: 'The memory context as one string, newest first within a section, items numbered for citation; a relative date a round says ("yesterday", "last week") is followed by the date it names, read from when the round was said. Empty when nothing was asked and memory holds nothing; when abstaining with no record close enough to show, one line saying that nothing in memory answers the query.',
    }),
    records_used: count('Number of memory records in the SIP.'),
    // Optional, like every field memctx adds to the spec's answer: a response of the spec's shape still parses.
    tokens_sip: count('Tokens of `sip`, as the service counts them; at most `token_budget`.').optional(),
    token_budget: z
      .int()
      .min(MIN_SIP_TOKEN_BUDGET)
      .optional()
      .meta({ description: 'The budget this SIP was built within: the request\'s `token_budget`, or the service\'s when that is unset or larger.' }),
    user_id: z.string(),
    abstain: z.boolean().default(false),
    grounded: z.boolean().default(false),
    citations: z.array(SipCitation).default([]),
    sip_sections: SipSections.optional(),
    answerability: SipAnswerability.optional().meta({ description: 'Present when a query was asked, unless it asked only what was said at a time it names ("What did we talk about yesterday?"), which the records of that time answer.' }),
  })
  .meta({ id: 'SipBuildResponse' });

export const buildSip = defineEndpoint({
  method: 'post',
  path: '/api/v1/sip/build',
  operationId: 'buildSip',
  summary: 'Build a SIP (memory context) for the caller',
  tags: ['memory context'],
  security: 'apiKey',
  request: { body: SipBuildRequest },
  response: { status: 200, description: 'The SIP.', schema: SipBuildResponse },
  errors: [401],
});

export const sipEndpoints = [buildSip] as const;
