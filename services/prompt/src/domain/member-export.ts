// Prompt's part of a member's data export (docs/architecture.md#data-export): every stored prompt-tool result.
import type { MemberExportPart } from '@act/contracts/server';
import { exportRows, type Sql } from '@act/service-kit';

export async function collectPromptExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const results = await sql`
    select id, tool, input, result, created_at from prompt_results where user_id = ${userId} order by created_at`;
  return { documents: [{ path: 'prompts/results.json', data: exportRows(results) }], files: [] };
}
