import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('keeps Tab and Shift+Tab inside, and Escape closes it', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">页面上的按钮</button>
        <Dialog open title="举报" onClose={onClose} footer={<button type="button">提交</button>}>
          <input aria-label="链接" />
        </Dialog>
      </>,
    );
    const field = screen.getByRole('textbox', { name: '链接' });
    expect(field).toHaveFocus(); // the first field
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '提交' })).toHaveFocus();
    await userEvent.tab(); // past the last control: back to the first (the close button)
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: '提交' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '页面上的按钮' })).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
