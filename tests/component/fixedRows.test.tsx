// The packages list's windowing hook in a component: a scroll made while the list grows (a page
// of rows arrived before the scroll's event fired) must still move the rows drawn. The packages
// e2e scrolled to the end and waited 30 s for rows that never came.
import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { useFixedRows } from '../../ui/shared/kit/fixedRows'

function Rows({ count }: { readonly count: number }) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = useFixedRows(ref, count, 10, 0)
  return <div ref={ref} role="list" aria-label="rows" data-first={shown.first} data-last={shown.last} />
}

describe('useFixedRows', () => {
  it('draws the rows at a scroll made while a page arrived, when its event comes after', () => {
    const view = render(<Rows count={100} />)
    const list = view.getByRole('list', { name: 'rows' })
    expect(list.dataset.first).toBe('0')
    // The scroll moves the element; its event is still to come when the next page renders.
    list.scrollTop = 500
    view.rerender(<Rows count={200} />)
    act(() => {
      list.dispatchEvent(new Event('scroll'))
    })
    expect(list.dataset.first).toBe('50')
  })

  it('follows a scroll whose event comes at once', () => {
    const view = render(<Rows count={100} />)
    const list = view.getByRole('list', { name: 'rows' })
    list.scrollTop = 300
    act(() => {
      list.dispatchEvent(new Event('scroll'))
    })
    expect(list.dataset.first).toBe('30')
  })
})
