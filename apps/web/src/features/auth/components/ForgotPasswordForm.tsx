import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@trailbuddy/shared/contracts/account';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { RESET_SENT, useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  return (
    <form onSubmit={handleSubmit(({ email }) => reset.mutate(email))} noValidate className="space-y-4">
      <InputField label="Email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
      {reset.isError ? (
        <Alert tone="error">{reset.error.message}</Alert>
      ) : reset.isSuccess ? (
        <Alert tone="success">{RESET_SENT}</Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </button>
      </p>
    </form>
  );
}
