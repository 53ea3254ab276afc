export type LoginMode = 'signIn' | 'signUp' | 'forgotPassword';
