// YouTube's part of a member's data export (docs/architecture.md#data-export): every saved summary with its
// chapters, transcript and the questions asked about it.
import type { MemberExportPart } from '@act/contracts/server';
import { exportRows, type Sql } from '@act/service-kit';

export async function collectYoutubeExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const summaries = await sql`
    select s.id, s.video_id, s.video_url, s.title, s.duration, s.source, s.summary, s.chapters, s.transcript,
      s.created_at,
      coalesce(
        (select json_agg(json_build_object('question', q.question, 'answer', q.answer, 'citations', q.citations,
          'createdAt', q.created_at) order by q.created_at)
         from summary_questions q where q.session_id = s.id),
        '[]') as questions
    from summary_sessions s where s.user_id = ${userId} order by s.created_at`;
  return { documents: [{ path: 'summaries.json', data: exportRows(summaries) }], files: [] };
}
