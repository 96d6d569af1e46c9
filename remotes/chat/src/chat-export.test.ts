import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_MODELS, PLAYGROUND_MODEL_INFO, UI_TEXTS } from '@act/contracts';
import {
  chatMarkdown,
  exportFileName,
  exportedChat,
  linkCitationMarkers,
  type ExportSource,
} from './chat-export';
import { PRINT_HANDLER_HASH, chatHtml } from './chat-export-html';
import { staticAnswerRenderer } from './components/export-menu';
import { SINGLE, type Reply, type Turn } from './reply-state';

const DATE = new Date('2026-11-26T19:30:00Z');

function reply(fields: Partial<Reply>): Reply {
  return { text: '', reasoning: '', status: 'done', citations: [], local: false, ...fields };
}

function single(prompt: string, fields: Partial<Reply>, key = prompt): Turn {
  return { key, prompt, replies: { [SINGLE]: reply(fields) } };
}

function source(turns: Turn[], extra: Partial<ExportSource> = {}): ExportSource {
  return {
    title: 'Why is the sky blue?',
    tool: 'Chat Agent',
    turns,
    columns: null,
    labelOf: () => 'GPT-4o',
    date: DATE,
    ...extra,
  };
}

const CITED = single('What is new?', {
  text: 'Rust 2.0 shipped [1], see also [2] and `arr[1]` and [9].',
  citations: [
    { url: 'https://blog.example.com/rust (2)', title: 'Rust [blog]' },
    { url: 'javascript:alert(1)', title: 'Evil' },
  ],
});

/** The exported HTML as a document (nothing in it runs: happy-dom parses it without executing scripts). */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('Markdown export', () => {
  it('has the title and day, then each turn as **You** and the model, with citations as links and a Sources list', () => {
    const markdown = chatMarkdown(exportedChat(source([single('Hello', { text: 'Hi there.' }), CITED])));
    expect(markdown.startsWith('# Why is the sky blue?\n\n_Chat Agent · exported 2026-11-26_\n')).toBe(true);
    expect(markdown).toContain('**You**\n\nHello\n\n**GPT-4o**\n\nHi there.');
    // [1] links to its page (an http URL, its spaces and brackets encoded); [2] is not a web page and stays as it
    // was, like code and unknown numbers.
    expect(markdown).toContain(
      'Rust 2.0 shipped [1](https://blog.example.com/rust%20%282%29), see also [2] and `arr[1]` and [9].',
    );
    expect(markdown).toContain(
      'Sources:\n\n1. [Rust \\[blog\\]](https://blog.example.com/rust%20%282%29)\n2. Evil',
    );
    expect(markdown).not.toContain('javascript:');
    // Turns are apart.
    expect(markdown.split('\n---\n')).toHaveLength(3);
  });

  it('collapses the reasoning in a <details> block, its text kept as text', () => {
    const markdown = chatMarkdown(
      exportedChat(
        source([single('2+2?', { reasoning: 'Two and two <b>make</b> four & more.', text: '4' })], {
          tool: 'Chat Reasoning',
          labelOf: () => 'Chat Reasoning',
        }),
      ),
    );
    expect(markdown).toContain(
      '**Chat Reasoning**\n\n<details><summary>Reasoning</summary>\n\nTwo and two &lt;b&gt;make&lt;/b&gt; four &amp; more.\n\n</details>\n\n4',
    );
  });

  it('puts each playground model’s answer under its own heading, in column order, with a failed one’s note', () => {
    const turn: Turn = {
      key: 't1',
      prompt: 'Compare',
      replies: Object.fromEntries(
        PLAYGROUND_MODELS.map((model, index) => [
          model,
          index === 2
            ? reply({ status: 'failed', error: 'The model failed.' })
            : reply({ text: `Answer ${index}` }),
        ]),
      ),
    };
    const markdown = chatMarkdown(
      exportedChat(
        source([turn], {
          columns: PLAYGROUND_MODELS,
          labelOf: (model) => PLAYGROUND_MODEL_INFO[model as (typeof PLAYGROUND_MODELS)[number]].name,
        }),
      ),
    );
    const headings = [...markdown.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(PLAYGROUND_MODELS.map((model) => PLAYGROUND_MODEL_INFO[model].name));
    expect(markdown).toContain(`### ${PLAYGROUND_MODEL_INFO[PLAYGROUND_MODELS[0]].name}\n\nAnswer 0`);
    expect(markdown).toContain(
      `### ${PLAYGROUND_MODEL_INFO[PLAYGROUND_MODELS[2]].name}\n\n_The model failed._`,
    );
  });

  it('names an untitled chat by its first message, and the web chat’s opening turn by its page', () => {
    const chat = exportedChat(
      source([single('INITIAL_SETUP', { text: 'The page says…' })], {
        title: '',
        promptOf: (turn, index) => (index === 0 ? 'https://example.com/a' : turn.prompt),
      }),
    );
    expect(chat.title).toBe('https://example.com/a');
    expect(chatMarkdown(chat)).toContain('**You**\n\nhttps://example.com/a');
  });
});

describe('file names', () => {
  it('are the title made safe, and the day', () => {
    expect(exportFileName('Why is the sky blue?', DATE, 'md')).toBe('why-is-the-sky-blue-2026-11-26.md');
    expect(exportFileName('../../etc/passwd <script>', DATE, 'html')).toBe(
      'etc-passwd-script-2026-11-26.html',
    );
    expect(exportFileName('Café déjà vu', DATE, 'md')).toBe('cafe-deja-vu-2026-11-26.md');
    expect(exportFileName('日本語', DATE, 'md')).toBe('chat-2026-11-26.md');
    expect(exportFileName('a'.repeat(200), DATE, 'md')).toBe(`${'a'.repeat(60)}-2026-11-26.md`);
  });
});

describe('linkCitationMarkers', () => {
  it('leaves fenced code and existing links alone', () => {
    const citations = [{ url: 'https://a.example.com/' }];
    expect(linkCitationMarkers('See [1].\n\n```\nx[1]\n```\n[1](https://other.example/)', citations)).toBe(
      'See [1](https://a.example.com/).\n\n```\nx[1]\n```\n[1](https://other.example/)',
    );
  });
});

describe('Printable HTML export', () => {
  it('is a self-contained page with print styles, the Markdown rendered, citations as links and reasoning collapsed', async () => {
    const turns = [
      single('2+2?', {
        reasoning: 'Add them.',
        text: '**Four**, as [1] says.',
        citations: [{ url: 'https://math.example.com/', title: 'Math' }],
      }),
    ];
    const html = chatHtml(exportedChat(source(turns)), await staticAnswerRenderer());
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('@media print');
    // Nothing loads from elsewhere.
    expect(html).not.toMatch(/<link|<script|src=/i);
    const doc = parse(html);
    expect(doc.title).toBe('Why is the sky blue?');
    expect(doc.querySelector('h1')?.textContent).toBe('Why is the sky blue?');
    const details = doc.querySelector('details');
    expect(details?.hasAttribute('open')).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe(UI_TEXTS.chatExport.reasoning);
    expect(details?.textContent).toContain('Add them.');
    expect(doc.querySelector('.answer strong')?.textContent).toBe('Four');
    const marker = [...doc.querySelectorAll('.answer a')].find((link) => link.textContent === '[1]');
    expect(marker?.getAttribute('href')).toBe('https://math.example.com/');
    expect(doc.querySelector('.sources a')?.getAttribute('href')).toBe('https://math.example.com/');
    const print = doc.querySelector('button.print');
    expect(print?.textContent).toBe(UI_TEXTS.chatExport.print);
    expect(print?.getAttribute('onclick')).toBe('window.print()');
  });

  it('keeps every message text inert: no element, handler or non-web link comes from what was written', async () => {
    const hostile = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">';
    const turns = [
      single(hostile, {
        reasoning: `</details>${hostile}`,
        text: `${hostile}\n\n[click](javascript:alert(1)) and [1]`,
        citations: [{ url: 'javascript:alert(2)', title: `"><img src=y onerror=alert(3)>` }],
        status: 'failed',
        error: hostile,
      }),
    ];
    const html = chatHtml(
      exportedChat(source(turns, { title: hostile, labelOf: () => hostile })),
      await staticAnswerRenderer(),
    );
    const doc = parse(html);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelectorAll('[onerror]')).toHaveLength(0);
    // The print button's is the only handler in the page.
    expect(
      [...doc.querySelectorAll('*')].filter((element) =>
        element.getAttributeNames().some((name) => name.startsWith('on')),
      ),
    ).toHaveLength(1);
    for (const link of doc.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
    // The texts are shown as written.
    expect(doc.querySelector('.prompt')?.textContent).toBe(hostile);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile);
    expect(doc.querySelector('details .reasoning')?.textContent).toBe(`</details>${hostile}`);
    expect(doc.querySelector('.note')?.textContent).toBe(hostile);
    expect(doc.querySelector('.sources li')?.textContent).toBe(`"><img src=y onerror=alert(3)>`);
  });

  it('shows a playground turn’s four answers under their models’ names', async () => {
    const turn: Turn = {
      key: 't',
      prompt: 'Compare',
      replies: Object.fromEntries(
        PLAYGROUND_MODELS.map((model) => [model, reply({ text: `From ${model}` })]),
      ),
    };
    const chat = exportedChat(
      source([turn], {
        columns: PLAYGROUND_MODELS,
        labelOf: (model) => PLAYGROUND_MODEL_INFO[model as (typeof PLAYGROUND_MODELS)[number]].name,
      }),
    );
    const doc = parse(chatHtml(chat, await staticAnswerRenderer()));
    const replies = [...doc.querySelectorAll('.reply')];
    expect(replies.map((section) => section.querySelector('h3')?.textContent)).toEqual(
      PLAYGROUND_MODELS.map((model) => PLAYGROUND_MODEL_INFO[model].name),
    );
    expect(replies.map((section) => section.querySelector('.answer')?.textContent)).toEqual(
      PLAYGROUND_MODELS.map((model) => `From ${model}`),
    );
  });

  it('lets only the print button’s handler run, by its hash', () => {
    const hash = createHash('sha256').update('window.print()').digest('base64');
    expect(PRINT_HANDLER_HASH).toBe(`sha256-${hash}`);
  });
});
