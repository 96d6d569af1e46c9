// Voice's part of a member's data export (docs/architecture.md#data-export): every clip record in `audio.json`
// and its audio as `audio/<id>.<ext>` (and the recording a speech-to-speech or isolation clip started from as
// `audio/<id>.source.<ext>`). Files go as object-store keys: the exporter streams them.
import type { MemberExportPart } from '@act/contracts/server';
import { exportRows, type Sql } from '@act/service-kit';

function pathOf(id: string, key: string, suffix = ''): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1] ?? 'bin';
  return `audio/${id}${suffix}.${ext}`;
}

export async function collectVoiceExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const clips = await sql<Array<{ id: string; audio_key: string; source_key: string | null }>>`
    select id, tool, text, voice_id, voice_name, duration_seconds, engine, audio_key, source_key, created_at
    from audio_clips where user_id = ${userId} order by created_at`;
  return {
    documents: [
      {
        path: 'audio.json',
        data: exportRows(clips).map((clip, i) => ({
          ...clip,
          file: pathOf(clips[i]!.id, clips[i]!.audio_key),
        })),
      },
    ],
    files: clips.flatMap((clip) => [
      { path: pathOf(clip.id, clip.audio_key), key: clip.audio_key },
      ...(clip.source_key
        ? [{ path: pathOf(clip.id, clip.source_key, '.source'), key: clip.source_key }]
        : []),
    ]),
  };
}
