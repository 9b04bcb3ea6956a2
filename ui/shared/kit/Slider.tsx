/**
 * A range slider: the native `input type="range"` (its role, keyboard and value text come with
 * it) drawn with the tokens, the track filled up to the value. Native rather than Radix's slider:
 * @radix-ui/react-slider is not a dependency, and the native control is accessible as it is.
 */
import type { CSSProperties, InputHTMLAttributes } from 'react'
import styles from './slider.module.css'

export interface SliderProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  readonly value: number
  readonly min: number
  readonly max: number
}

export function Slider({ className, style, ...input }: SliderProps) {
  const { value, min, max } = input
  const fill = max > min ? ((value - min) / (max - min)) * 100 : 0
  return (
    <input
      type="range"
      className={[styles.slider, className].filter(Boolean).join(' ')}
      style={{ ...style, '--fill': `${fill}%` } as CSSProperties}
      {...input}
    />
  )
}
