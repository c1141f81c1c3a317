// Generated from the OpenAPI document of @memctx/contracts by `pnpm client:generate`; do not edit.

export interface paths {
    "/admin/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (never their secrets) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key for a user */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key; it fails at once */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List available connectors (no key needed) */
        get: operations["listConnectors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{connector_type}/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch, chunk, embed and store one document as DOCUMENT_VERIFIED records
         * @description Counts against the daily ingest quota.
         */
        post: operations["ingestConnectorDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{connector_type}/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List documents available from a connector */
        post: operations["listConnectorDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent memory events, newest first */
        get: operations["getActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/efficiency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Token use with memory versus a no-memory baseline */
        get: operations["getEfficiency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/provenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count of the caller's memory records per provenance class */
        get: operations["getProvenance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything of the caller as JSON Lines
         * @description A header line, then projects, sessions (soft-deleted too), messages, records and sources, then an `end` line with the counts. `memctx import <file>` restores it into another memctx through the API.
         */
        get: operations["exportMemory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health (no key needed)
         * @description Answers 503 with the same body when any check is down.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memory/generated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store an unconfirmed assistant statement as an AI_GENERATED record
         * @description Counts against the daily ingest quota.
         */
        post: operations["recordGeneratedStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memory/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store one user and assistant turn as a ROUND record
         * @description Counts against the daily ingest quota.
         */
        post: operations["ingestRound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memory/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse or search the caller's memory records
         * @description Records of soft-deleted sessions are not listed. A project or session that is not the caller's answers 404.
         */
        get: operations["listRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's projects, ordered by id */
        get: operations["listProjects"];
        put?: never;
        /** Create a project for the caller */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a project */
        patch: operations["renameProject"];
        trace?: never;
    };
    "/api/v1/projects/{project_id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the active sources of a project, newest first */
        get: operations["listProjectSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's sessions, ordered by id
         * @description A project that is not the caller's answers 404.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Soft-delete a session and its messages (restorable for 30 days) */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/{session_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Return a session's turns, oldest first */
        get: operations["listSessionMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/{session_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a soft-deleted session
         * @description Answers 404 when the session is not the caller's, is already active, or has been purged.
         */
        post: operations["restoreSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/clear-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Soft-delete every active session of the caller */
        post: operations["clearAllSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sip/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Build a SIP (memory context) for the caller */
        post: operations["buildSip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActivityItem: {
            project_id: string;
            ref_id: string;
            summary: string;
            /** @description When it happened, in seconds since the Unix epoch */
            timestamp: number;
            /** @enum {string} */
            type: "round_ingested" | "statement_generated" | "sip_built" | "source_requested" | "source_ingested" | "source_failed";
        };
        ActivityResponse: {
            items: components["schemas"]["ActivityItem"][];
        };
        ApiKeyListResponse: {
            keys: components["schemas"]["ApiKeySummary"][];
        };
        ApiKeySummary: {
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            /** @description The first characters of the key, to recognise it. */
            prefix: string;
            /** @description The project the key is limited to; null: every project. */
            project_id: string | null;
            /**
             * @description Revocation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            revoked_at: string | null;
            /** @description What the key may do: `read` (browse, search, export, dashboard), `write` (ingest, projects, sessions), `sip` (build SIPs). */
            scopes: ("read" | "write" | "sip")[];
            user_id: string;
        };
        BrowsedRecord: {
            content: string;
            /**
             * @description When the record was made (a round's own timestamp when it had one): ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /** @description Whether the record has its embedding yet. */
            embedded: boolean;
            id: string;
            project_id: string | null;
            /** @enum {string} */
            provenance: "USER_STATED" | "USER_CONFIRMED" | "DOCUMENT_VERIFIED" | "AI_INFERRED" | "ROUND" | "AI_GENERATED";
            /** @enum {string} */
            record_type: "FACTUAL" | "PREFERENCE";
            /** @description Fused retrieval score with a query; null without. */
            score: number | null;
            session_id: string | null;
            sip_eligible: boolean;
            /** @description The project source a DOCUMENT_VERIFIED record came from. */
            source: {
                id: string;
                title: string | null;
            } | null;
            summary: string;
        };
        BrowsedSession: {
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /** @description When the session was soft-deleted; null while it is live. */
            deleted_at: string | null;
            id: string;
            /** @default false */
            is_archived?: boolean;
            last_message_preview: string;
            /** @description Turns in the session. */
            message_count: number;
            project_id: string;
            title: string;
            /**
             * @description Last change: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        ClearAllSessionsResponse: {
            /** @description Sessions soft-deleted. */
            cleared: number;
        };
        ConnectorCatalogResponse: {
            connectors: components["schemas"]["ConnectorInfo"][];
        };
        ConnectorDocument: {
            external_id: string;
            metadata: {
                [key: string]: unknown;
            };
            mime_type: string;
            source_url: string;
            title: string;
        };
        ConnectorInfo: {
            connector_type: string;
            /** @description The keys of `credentials` this connector takes. */
            credential_fields: components["schemas"]["CredentialField"][];
            /** @description Human-readable name. */
            name: string;
        };
        ConnectorIngestRequest: {
            /** @description Credentials for the external system; separate from the API key. */
            credentials: {
                [key: string]: unknown;
            };
            /** @default null */
            domain?: string | null;
            external_id: string;
            /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
            session_id: string;
        };
        ConnectorIngestResponse: {
            /** @description Chunks stored as DOCUMENT_VERIFIED records. */
            chunks_stored: number;
            connector_type: string;
            source_id: string;
            /**
             * @description ingested: stored (200). pending: still being processed after the wait (202); follow it in the project sources.
             * @enum {string}
             */
            status: "ingested" | "pending";
            title: string;
            user_id: string;
        };
        ConnectorListRequest: {
            /** @description Credentials for the external system; separate from the API key. */
            credentials: {
                [key: string]: unknown;
            };
            /** @default 20 */
            page_size?: number | null;
            /** @default null */
            query?: string | null;
        };
        ConnectorListResponse: {
            /** @description Number of documents returned. */
            count: number;
            documents: components["schemas"]["ConnectorDocument"][];
        };
        CreateApiKeyRequest: {
            /**
             * @description Limits the key to this project of the user; null: every project.
             * @default null
             */
            project_id?: string | null;
            /**
             * @description What the key may do: `read` (browse, search, export, dashboard), `write` (ingest, projects, sessions), `sip` (build SIPs).
             * @default [
             *       "read",
             *       "write",
             *       "sip"
             *     ]
             */
            scopes?: ("read" | "write" | "sip")[];
            /** @description User identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
            user_id: string;
        };
        CreatedApiKey: {
            /** @description The secret. Shown only in this response; only its hash is stored. */
            api_key: string;
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            /** @description The project the key is limited to; null: every project. */
            project_id: string | null;
            /** @description What the key may do: `read` (browse, search, export, dashboard), `write` (ingest, projects, sessions), `sip` (build SIPs). */
            scopes: ("read" | "write" | "sip")[];
            user_id: string;
        };
        CreateProjectRequest: {
            /** @description Trimmed; longer names are truncated to 100 characters. */
            name: string;
        };
        CredentialField: {
            description: string;
            name: string;
            required: boolean;
            /** @description Whether the value is a secret (send it, never display it). */
            secret: boolean;
        };
        EfficiencyPoint: {
            /** @description Start of the period, in seconds since the Unix epoch */
            period_start: number;
            tokens_baseline: number;
            tokens_sip: number;
        };
        EfficiencyResponse: {
            percent_reduction: number;
            series: components["schemas"]["EfficiencyPoint"][];
            /** @description Tokens a no-memory baseline would have used. */
            tokens_baseline: number;
            tokens_saved: number;
            /** @description Tokens used with memory. */
            tokens_sip: number;
        };
        /** @description An error that is not a validation error. */
        ErrorResponse: {
            detail: string;
        };
        ExportLine: {
            /** @description end only: lines of each kind; a file without it was cut off. */
            counts?: {
                messages: number;
                projects: number;
                records: number;
                sessions: number;
                sources: number;
            };
            /**
             * @description header only
             * @enum {string}
             */
            format?: "memctx-export";
            /** @enum {string} */
            type: "header" | "project" | "session" | "message" | "record" | "source" | "end";
            /**
             * @description header only
             * @enum {number}
             */
            version?: 1;
        } & {
            [key: string]: unknown;
        };
        GeneratedStatementRequest: {
            /** @description The unconfirmed assistant statement to record (at most 100000 characters) */
            assistant_message: string;
            /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
            session_id: string;
            /**
             * @description The user message the statement answered (at most 100000 characters)
             * @default null
             */
            user_message?: string | null;
        };
        GeneratedStatementResponse: {
            provenance: string;
            record_id?: string;
            /** @description Records written. */
            records_written: number;
            status: string;
        };
        HealthCheckResult: {
            detail?: string;
            /** @description How far behind a follower is: projection lag in events, or the embedding backlog in records. */
            lag?: number;
            /** @enum {string} */
            status: "ok" | "degraded" | "down";
        };
        HealthResponse: {
            /** @description Keyed by database, event_store, queue, projections, embeddings. */
            checks: {
                [key: string]: components["schemas"]["HealthCheckResult"];
            };
            /**
             * @description down when any check is down; degraded when any is degraded.
             * @enum {string}
             */
            status: "ok" | "degraded" | "down";
            version: string;
        };
        HTTPValidationError: {
            detail: components["schemas"]["ValidationError"][];
        };
        InternalErrorResponse: {
            /** @enum {string} */
            detail: "Internal Server Error";
            /** @description Quote it when reporting the problem; the server log has the details. */
            request_id: string;
        };
        MemoryIngestRequest: {
            /** @description The assistant side of the round; may be empty (at most 100000 characters) */
            assistant_message: string;
            /**
             * @description Scopes the round to a workspace.
             * @default null
             */
            project_id?: string | null;
            /** @default null */
            response_time_ms?: number | null;
            /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
            session_id: string;
            /**
             * @description When the round happened, as the client records it.
             * @default null
             */
            timestamp?: string | null;
            /** @description The user side of the round (at most 100000 characters) */
            user_message: string;
        };
        MemoryIngestResponse: {
            /** @description Records written. */
            records_written: number;
            round_id: string;
            status: string;
        };
        ProjectListResponse: {
            /** @description Pass as cursor to get the next page; null on the last page. */
            next_cursor: string | null;
            projects: components["schemas"]["ProjectSummary"][];
        };
        ProjectSource: {
            /** @description Chunks stored from the source. */
            chunk_count: number;
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            external_id: string;
            id: string;
            ingest_status: string;
            /** @enum {string} */
            provenance: "USER_STATED" | "USER_CONFIRMED" | "DOCUMENT_VERIFIED" | "AI_INFERRED" | "ROUND" | "AI_GENERATED";
            source_type: string;
            title: string;
            /**
             * @description Last change: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        ProjectSourcesResponse: {
            sources: components["schemas"]["ProjectSource"][];
            /** @description Number of active sources. */
            total: number;
        };
        ProjectSummary: {
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            name: string;
            /**
             * @description Sessions in the project.
             * @default 0
             */
            session_count?: number;
            /**
             * @description Active sources in the project.
             * @default 0
             */
            source_count?: number;
            /**
             * @description Last change: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        ProvenanceResponse: {
            /** @description Count of records per provenance class. */
            provenance: {
                [key: string]: number;
            };
        };
        RecordListResponse: {
            /** @description Pass as cursor to get the next page; null on the last page. */
            next_cursor: string | null;
            records: components["schemas"]["BrowsedRecord"][];
        };
        RenameProjectRequest: {
            /** @description Trimmed; longer names are truncated to 100 characters. */
            name: string;
        };
        SessionListResponse: {
            /** @description Pass as cursor to get the next page; null on the last page. */
            next_cursor: string | null;
            sessions: components["schemas"]["BrowsedSession"][];
        };
        SessionMessage: {
            content: string;
            /**
             * @description When the turn was stored: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            /** @description Memory records used for the turn. */
            records_used: number;
            role: string;
            round_id: string;
            sip_text: string;
        };
        SessionMessagesResponse: {
            messages: components["schemas"]["SessionMessage"][];
            session_id: string;
            /** @description Turns in the session. */
            total: number;
            user_id: string;
        };
        SessionSummary: {
            /**
             * @description Creation time: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            id: string;
            /** @default false */
            is_archived?: boolean;
            last_message_preview: string;
            /** @description Turns in the session. */
            message_count: number;
            project_id: string;
            title: string;
            /**
             * @description Last change: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        SipBuildRequest: {
            /** @default false */
            include_global?: boolean;
            /**
             * @description Scope the build to this project.
             * @default null
             */
            project_id?: string | null;
            /** @default null */
            query?: string | null;
            /**
             * @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark
             * @default null
             */
            session_id?: string | null;
            /**
             * @description Most tokens the SIP may hold, at least 50; null: the service's budget (MEMCTX_SIP_TOKEN_BUDGET). A larger value than the service's budget is lowered to it (the answer's `token_budget` says what was applied).
             * @default null
             */
            token_budget?: number | null;
        };
        SipBuildResponse: {
            /** @default false */
            abstain?: boolean;
            /** @description Present when a query was asked, unless it asked only what was said at a time it names ("What did we talk about yesterday?"), which the records of that time answer. */
            answerability?: {
                /** @description Probability that memory answers the query; the SIP abstains below the service's threshold. */
                score: number;
                /** @description What the score was computed from (coverage, unseen, similarity, ...), for diagnosis. */
                signals: {
                    [key: string]: number;
                };
            };
            /** @default [] */
            citations?: components["schemas"]["SipCitation"][];
            /** @default false */
            grounded?: boolean;
            /** @description Number of memory records in the SIP. */
            records_used: number;
            /** @description The memory context as one string, newest first within a section, items numbered for citation; a relative date a round says ("yesterday", "last week") is followed by the date it names, read from when the round was said. Empty when nothing was asked and memory holds nothing; when abstaining with no record close enough to show, one line saying that nothing in memory answers the query. */
            sip: string;
            sip_sections?: components["schemas"]["SipSections"];
            /** @description The budget this SIP was built within: the request's `token_budget`, or the service's when that is unset or larger. */
            token_budget?: number;
            /** @description Tokens of `sip`, as the service counts them; at most `token_budget`. */
            tokens_sip?: number;
            user_id: string;
        };
        SipCitation: {
            /** @description 1-based; matches the [n] marker in the SIP text. */
            index: number;
            provenance: string;
            record_id: string;
            /** @description Set only for records from a project source document. */
            source_id?: string | null;
            source_title?: string | null;
            summary: string;
        };
        SipSections: {
            /** @description Remaining FACTUAL records. */
            active_context: {
                [key: string]: unknown;
            }[];
            /** @description Empty passthrough; never fabricated by this service. */
            calibration_notes: {
                [key: string]: unknown;
            };
            /** @description USER_STATED and USER_CONFIRMED records. */
            identity: {
                [key: string]: unknown;
            }[];
            /** @description PREFERENCE-type records. */
            preferences: {
                [key: string]: unknown;
            }[];
            /** @description AI_GENERATED records, marked uncertain. */
            uncertain_facts: {
                [key: string]: unknown;
            }[];
        };
        ValidationError: {
            ctx?: {
                [key: string]: unknown;
            };
            input?: unknown;
            loc: (string | number)[];
            msg: string;
            type: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listApiKeys: {
        parameters: {
            query?: {
                /** @description User identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, oldest first. */
            200: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key, shown once. */
            201: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (also when it already was). */
            204: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listConnectors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connectors this deployment offers. */
            200: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorCatalogResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
        };
    };
    ingestConnectorDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters. A retry with the same key and body answers the first response without writing again; another body is a 409. */
                "Idempotency-Key"?: string;
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Which connector, e.g. as listed by GET /api/v1/connectors. */
                connector_type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorIngestRequest"];
            };
        };
        responses: {
            /** @description The document was stored (or, with 202, is still being processed). */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorIngestResponse"];
                };
            };
            /** @description Accepted: still being processed; the body says what is pending. */
            202: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorIngestResponse"];
                };
            };
            /** @description Idempotency-Key is longer than 255 characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the request names a session outside it. Or: The connector refuses the document (e.g. a private address or a path outside its root). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or the session is deleted or in another project. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The daily ingest quota is used up. */
            429: {
                headers: {
                    /** @description Seconds until the quota resets. */
                    "Retry-After": number;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description The connector's upstream service failed or could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Retry it with the same `Idempotency-Key` to store it exactly once. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listConnectorDocuments: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Which connector, e.g. as listed by GET /api/v1/connectors. */
                connector_type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorListRequest"];
            };
        };
        responses: {
            /** @description The documents. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorListResponse"];
                };
            };
            /** @description The body could not be decoded. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope. Or: The connector refuses the document (e.g. a private address or a path outside its root). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description The connector's upstream service failed or could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getActivity: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getEfficiency: {
        parameters: {
            query?: {
                /** @description Lookback window in seconds, at most 50 years; defaults to 7 days. */
                window_seconds?: number;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Totals and a time series. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EfficiencyResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getProvenance: {
        parameters: {
            query?: {
                /** @description Restrict to one of the caller's workspaces. */
                project_id?: string;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts per provenance class. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProvenanceResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project and the request names another `project_id` (left out, it is set to the key's project) or sets `include_global`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    exportMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, streamed. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ExportLine"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No check is down. */
            200: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A check is down. */
            503: {
                headers: {
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    recordGeneratedStatement: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters. A retry with the same key and body answers the first response without writing again; another body is a 409. */
                "Idempotency-Key"?: string;
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GeneratedStatementRequest"];
            };
        };
        responses: {
            /** @description The statement was stored. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedStatementResponse"];
                };
            };
            /** @description Idempotency-Key is longer than 255 characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the request names a session outside it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or the session is deleted or in another project. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The daily ingest quota is used up. */
            429: {
                headers: {
                    /** @description Seconds until the quota resets. */
                    "Retry-After": number;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Retry it with the same `Idempotency-Key` to store it exactly once. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ingestRound: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters. A retry with the same key and body answers the first response without writing again; another body is a 409. */
                "Idempotency-Key"?: string;
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryIngestRequest"];
            };
        };
        responses: {
            /** @description The round was stored. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryIngestResponse"];
                };
            };
            /** @description Idempotency-Key is longer than 255 characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the request names another `project_id` (left out, it is set to the key's project) or sets `include_global`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or the session is deleted or in another project. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description The daily ingest quota is used up. */
            429: {
                headers: {
                    /** @description Seconds until the quota resets. */
                    "Retry-After": number;
                    /** @description Daily ingest quota. */
                    "X-RateLimit-Limit": number;
                    /** @description Ingests left today. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the quota resets, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Retry it with the same `Idempotency-Key` to store it exactly once. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listRecords: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page; leave out for the first page. */
                cursor?: string;
                /** @description Items per page: at least 1; values above 200 are capped at 200. */
                limit?: number;
                /** @description Only the records of this project. */
                project_id?: string;
                provenance?: "USER_STATED" | "USER_CONFIRMED" | "DOCUMENT_VERIFIED" | "AI_INFERRED" | "ROUND" | "AI_GENERATED";
                /** @description Rank by the SIP's hybrid retrieval (vectors, full text, recency) instead of listing newest first; one page, no cursor. */
                query?: string;
                /** @description Only the records of this session. */
                session_id?: string;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of records. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordListResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project and the request names another `project_id` (left out, it is set to the key's project) or sets `include_global`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page; leave out for the first page. */
                cursor?: string;
                /** @description Items per page: at least 1; values above 200 are capped at 200. */
                limit?: number;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of projects. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectListResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectRequest"];
            };
        };
        responses: {
            /** @description The new project. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectSummary"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or: stored, but not readable yet; retry the read shortly. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    renameProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Project identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenameProjectRequest"];
            };
        };
        responses: {
            /** @description The renamed project. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectSummary"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the path names another. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listProjectSources: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Project identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sources. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectSourcesResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project and the path names another. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page; leave out for the first page. */
                cursor?: string;
                /** @description Also list soft-deleted sessions that are not purged yet. */
                include_deleted?: boolean;
                /** @description Items per page: at least 1; values above 200 are capped at 200. */
                limit?: number;
                /** @description Only the sessions of this project. */
                project_id?: string;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sessions. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionListResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project and the request names another `project_id` (left out, it is set to the key's project) or sets `include_global`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the request names a session outside it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSessionMessages: {
        parameters: {
            query?: {
                /** @description At least 1; values above 200 are capped at 200. */
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the transcript. */
            200: {
                headers: {
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionMessagesResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `read` scope, or is limited to one project and the request names a session outside it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    restoreSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path: {
                /** @description Session identifier (1 to 200 characters): taken in Unicode NFC without leading or trailing white space or byte order mark */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored session. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionSummary"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project and the request names a session outside it. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or: stored, but not readable yet; retry the read shortly. Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    clearAllSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sessions were cleared. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClearAllSessionsResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `write` scope, or is limited to one project (this operation spans every project). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    buildSip: {
        parameters: {
            query?: never;
            header?: {
                /** @description A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it. */
                "X-Memctx-Min-Position"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SipBuildRequest"];
            };
        };
        responses: {
            /** @description The SIP. */
            200: {
                headers: {
                    /** @description The feed position of the write, for X-Memctx-Min-Position. */
                    "X-Memctx-Position": string;
                    /** @description `1` when the read models had not caught up within the wait. */
                    "X-Memctx-Stale": string;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipBuildResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked credentials. */
            401: {
                headers: {
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The API key lacks the `sip` scope, or is limited to one project and the request names another `project_id` (left out, it is set to the key's project) or sets `include_global`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body has a Content-Encoding the server cannot decode. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Unexpected server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorResponse"];
                };
            };
            /** @description A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down. A write answered 503 may or may not have been stored (the connection can fail during its commit). Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Echoes the request id (or the one the client sent); logs carry it. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
