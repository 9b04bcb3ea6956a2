/**
 * The contact-us dialog (spec 001 sections 2–4, 8): the form of trial and tour users. What is
 * typed stays in the form kit's form (ui/shared/forms.tsx); the submit button follows the
 * domain's rule (domain/contact/rules.ts); the area's state says whether a request is posting and how the last one ended.
 * Each answer resets the form (a new `resets` count starts a fresh one). Opened by the
 * navigation area (contactUsContext in the query, or Help → Contact Us). A chunk of its own,
 * loaded by the chrome's overlays when the dialog first opens.
 */
import { CalendarClock } from 'lucide-react'
import {
  contactProblems,
  HELP_OPTIONS,
  INITIAL_CONTACT_FORM,
  type ContactField,
  type ContactFormState,
  type HelpOption,
} from '../../domain/contact'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { FormLayout, Textarea, TextField } from '../shared/kit/Field'
import { Dialog } from '../shared/kit/Overlay'
import { useForm } from '../shared/forms'
import { messageText } from '../shared/messages'
import kitField from '../shared/kit/field.module.css'
import wizardCss from '../shared/wizard.module.css'
import styles from './contact.module.css'

function Form({ contact }: { contact: ContactFormState | undefined }) {
  const dispatch = useDispatch()
  // A field's problem shows once the user left it (not while typing it the first time): the
  // submit button stays disabled until the form holds, so a submit cannot say what is wrong.
  const form = useForm(INITIAL_CONTACT_FORM, contactProblems, messageText, { show: 'leave' })
  const posting = contact?.posting === true
  const text = (field: Exclude<ContactField, 'helpOption'>) => {
    const { onChange, ...rest } = form.bind(field)
    return { ...rest, onChange: (e: { target: { value: string } }) => onChange(e.target.value) }
  }
  const submit = form.submit((typed) => {
    if (!posting) dispatch({ type: 'contact/SubmitRequest', form: typed })
  })
  return (
    <form aria-label="Contact us" onSubmit={submit} noValidate>
      <FormLayout
        columns={2}
        actions={
          <Button type="submit" variant="primary" disabled={!form.valid} busy={posting}>
            {posting ? 'Sending…' : 'Submit'}
          </Button>
        }
      >
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          maxLength={100}
          {...text('firstName')}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={100}
          {...text('lastName')}
        />
        <TextField
          label="Country"
          required
          autoComplete="country-name"
          maxLength={100}
          {...text('country')}
        />
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="email"
          maxLength={254}
          {...text('email')}
        />
        <div className={styles.wide}>
          <p className={`${kitField.label} ${wizardCss.groupLabel}`} data-required aria-hidden="true">
            How can we help?
          </p>
          <RadioGroup<HelpOption>
            label="How can we help?"
            value={(form.values.helpOption ?? '') as HelpOption}
            options={HELP_OPTIONS.map((o) => ({ value: o, label: o }))}
            onValueChange={(helpOption) => form.set({ helpOption })}
          />
        </div>
        <div className={styles.wide}>
          <Textarea label="Comment (optional)" maxLength={2000} {...text('optionalComment')} />
        </div>
      </FormLayout>
    </form>
  )
}

export default function ContactUsDialog() {
  const open = useQuery({ type: 'navigation/State' }).openModals.includes('contactUs')
  const contact = useQuery({ type: 'contact/Form' })
  const dispatch = useDispatch()
  const close = () => dispatch({ type: 'contact/CloseForm' })
  const outcome = contact?.outcome
  const schedulingLink = outcome?.status === 'sent' ? outcome.schedulingLink : null
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Contact Us"
      description="Tell us how we can help and our team will get back to you."
      size="lg"
    >
      {schedulingLink !== null ? (
        <div className={styles.scheduling} role="status">
          <p>{messageText({ key: 'contactRequestSent' })}</p>
          <a href={schedulingLink} target="_blank" rel="noopener noreferrer">
            <CalendarClock size={16} aria-hidden /> Book a time for your demo
          </a>
          <Button onClick={close}>Close</Button>
        </div>
      ) : (
        <>
          {outcome?.status === 'failed' && (
            <p className={wizardCss.error} role="alert">
              {messageText({ key: 'contactRequestFailed' })}
            </p>
          )}
          <Form key={contact?.resets ?? 0} contact={contact} />
        </>
      )}
    </Dialog>
  )
}
