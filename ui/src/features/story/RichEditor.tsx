import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '@/components/Icon/Icon';
import { toast } from '@/lib/toast';
import { isHttpUrl } from '@/lib/url';
import { PICTURE_TYPES, pictureFiles, uploadImage } from './uploadImage';
import './RichEditor.css';

/** The link rule of the report dialog: an http or https URL with a host. */
export const MSG_LINK = '链接格式错误，请填写 http 或 https 开头的地址';

/** Upload each picture, then insert it where the caret is; a refused one says why (the server's words). */
async function insertPictures(editor: Editor, files: File[]): Promise<void> {
  for (const file of files) {
    try {
      const src = await uploadImage(file);
      // After the selection, not over it: a picture just inserted is selected, and a second one would replace it.
      editor.chain().focus().insertContentAt(editor.state.selection.to, { type: 'image', attrs: { src, alt: '' } }).run();
    } catch {
      /* the request layer showed the server's message */
    }
  }
}

/** Ask for a link for the selection: empty removes it, anything but http(s) is refused. */
export function promptLink(editor: Editor, ask: (current: string) => string | null = (c) => window.prompt('链接地址', c)): void {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const answer = ask(current);
  if (answer === null) return;
  const href = answer.trim();
  if (!href) {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
  } else if (!isHttpUrl(href)) {
    toast(MSG_LINK, 'error');
  } else {
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }
}

export interface EditorChange {
  html: string;
  text: string;
}

function Tool({ editor, label, active, run, children }: { editor: Editor; label: string; active?: boolean; run: (e: Editor) => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`rich-editor__tool${active ? ' rich-editor__tool--on' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(editor)}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), strike: e.isActive('strike'), code: e.isActive('code'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), quote: e.isActive('blockquote'), codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'), canUndo: e.can().undo(), canRedo: e.can().redo(),
    }),
  });
  return (
    <div className="rich-editor__toolbar" role="toolbar" aria-label="格式">
      <Tool editor={editor} label="二级标题" active={s.h2} run={(e) => e.chain().focus().toggleHeading({ level: 2 }).run()}>H2</Tool>
      <Tool editor={editor} label="三级标题" active={s.h3} run={(e) => e.chain().focus().toggleHeading({ level: 3 }).run()}>H3</Tool>
      <span className="rich-editor__sep" aria-hidden="true" />
      <Tool editor={editor} label="加粗" active={s.bold} run={(e) => e.chain().focus().toggleBold().run()}>B</Tool>
      <Tool editor={editor} label="斜体" active={s.italic} run={(e) => e.chain().focus().toggleItalic().run()}>I</Tool>
      <Tool editor={editor} label="删除线" active={s.strike} run={(e) => e.chain().focus().toggleStrike().run()}>S</Tool>
      <Tool editor={editor} label="行内代码" active={s.code} run={(e) => e.chain().focus().toggleCode().run()}>{'<>'}</Tool>
      <span className="rich-editor__sep" aria-hidden="true" />
      <Tool editor={editor} label="无序列表" active={s.bullet} run={(e) => e.chain().focus().toggleBulletList().run()}>•</Tool>
      <Tool editor={editor} label="有序列表" active={s.ordered} run={(e) => e.chain().focus().toggleOrderedList().run()}>1.</Tool>
      <Tool editor={editor} label="引用" active={s.quote} run={(e) => e.chain().focus().toggleBlockquote().run()}>❝</Tool>
      <Tool editor={editor} label="代码块" active={s.codeBlock} run={(e) => e.chain().focus().toggleCodeBlock().run()}>{'{ }'}</Tool>
      <Tool editor={editor} label="分割线" run={(e) => e.chain().focus().setHorizontalRule().run()}>—</Tool>
      <span className="rich-editor__sep" aria-hidden="true" />
      <Tool editor={editor} label="链接" active={s.link} run={(e) => promptLink(e)}><Icon name="link" size={15} /></Tool>
      <Tool editor={editor} label="图片" run={() => fileRef.current?.click()}><Icon name="image" size={15} /></Tool>
      <input
        ref={fileRef}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        hidden
        aria-label="选择图片"
        onChange={(e) => { void insertPictures(editor, pictureFiles(e.target.files)); e.target.value = ''; }}
      />
      <span className="rich-editor__sep" aria-hidden="true" />
      <Tool editor={editor} label="撤销" run={(e) => { if (s.canUndo) e.chain().focus().undo().run(); }}>↶</Tool>
      <Tool editor={editor} label="重做" run={(e) => { if (s.canRedo) e.chain().focus().redo().run(); }}>↷</Tool>
    </div>
  );
}

/** The editing area's props: its attributes, and paste and drop of pictures, which are uploaded and inserted
 * (ProseMirror would otherwise keep them as data: URLs, which the server drops silently). */
function editorProps(labelledBy: string | undefined, invalid: boolean | undefined, current: () => Editor | null) {
  const takePictures = (files: FileList | null | undefined) => {
    const pictures = pictureFiles(files);
    const editor = current();
    if (!pictures.length || !editor) return false;
    void insertPictures(editor, pictures);
    return true; // handled: nothing else is inserted
  };
  return {
    attributes: {
      class: 'rich-editor__content story-content',
      role: 'textbox',
      'aria-multiline': 'true',
      ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
    },
    handlePaste: (_view: unknown, event: ClipboardEvent) => takePictures(event.clipboardData?.files),
    handleDrop: (_view: unknown, event: DragEvent) => takePictures(event.dataTransfer?.files),
  };
}

/**
 * The rich-text editor (TipTap's StarterKit: headings, lists, quotes, code, links; and pictures, uploaded
 * by the toolbar, a paste or a drop). `value` is read once per `resetKey`; afterwards the editor owns the
 * content and reports each change.
 */
export function RichEditor({ value, resetKey, onChange, invalid, labelledBy }: {
  value: string; resetKey: string; onChange: (c: EditorChange) => void; invalid?: boolean; labelledBy?: string;
}) {
  const changeRef = useRef(onChange);
  useEffect(() => { changeRef.current = onChange; });
  const editorRef = useRef<Editor | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ['http', 'https'] } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: editorProps(labelledBy, invalid, () => editorRef.current),
    onUpdate: ({ editor: e }) => changeRef.current({ html: e.isEmpty ? '' : e.getHTML(), text: e.getText() }),
  }, [resetKey]);
  useEffect(() => { editorRef.current = editor; }, [editor]);

  useEffect(() => {
    editor?.setOptions({ editorProps: editorProps(labelledBy, invalid, () => editorRef.current) });
  }, [editor, invalid, labelledBy]);

  if (!editor) return null;
  return (
    <div className={`rich-editor${invalid ? ' rich-editor--invalid' : ''}`}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
