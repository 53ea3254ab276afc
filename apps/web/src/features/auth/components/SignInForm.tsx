import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@trailbuddy/shared/contracts/account';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { useSignIn } from '../api/sign-in';

export interface SignInFormProps {
  onSignedIn: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

/** Sign in with e-mail and password; the fields are checked with the shared sign-in schema (ADR 0016). */
export function SignInForm({ onSignedIn, onForgotPassword, onSignUp }: SignInFormProps) {
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  return (
    <form onSubmit={handleSubmit((values) => signIn.mutate(values))} noValidate className="space-y-4">
      <InputField label="Email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
      <div>
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="button" onClick={onForgotPassword} className="mt-2 text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </button>
      </div>
      {signIn.error && <Alert tone="error">{signIn.error.message}</Alert>}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        New to TrailBuddy?{' '}
        <button type="button" onClick={onSignUp} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </button>
      </p>
    </form>
  );
}
