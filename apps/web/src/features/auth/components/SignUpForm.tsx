import { zodResolver } from '@hookform/resolvers/zod';
import { signUpFormSchema } from '@trailbuddy/shared/contracts/account';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { FieldRefusal } from '../api/account-errors';
import { useSignUp, type SignUpField } from '../api/sign-up';

export interface SignUpFormProps {
  onSignedUp: () => void;
  onSignIn: () => void;
}

/**
 * Create an account. The shared sign-up schema checks the fields before anything is sent, with
 * the product's messages; a field the server still refuses is shown under that field, never as
 * the validator's raw text ("[body.email] Invalid email address").
 */
export function SignUpForm({ onSignedUp, onSignIn }: SignUpFormProps) {
  const signUp = useSignUp({ onSuccess: onSignedUp });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const submit = handleSubmit((values) =>
    signUp.mutate(values, {
      onError: (error) => {
        if (!(error instanceof FieldRefusal)) return;
        const field = error.field as SignUpField;
        setError(field, { message: error.message });
        setFocus(field);
      },
    }),
  );
  const formError = signUp.error && !(signUp.error instanceof FieldRefusal) ? signUp.error.message : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField label="Name" autoComplete="name" autoFocus error={errors.name?.message} {...register('name')} />
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <InputField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <InputField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <button type="button" onClick={onSignIn} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </button>
      </p>
    </form>
  );
}
