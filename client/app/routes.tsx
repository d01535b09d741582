import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { Loader2 } from 'lucide-react';
import { TitleOnlyPage } from '#client/routes/common/page-title-only.tsx';

// Each screen is its own chunk, so the home page ships only what it needs.
const NotFoundPage = lazy(() => import('#client/routes/common/not-found-page.tsx'));
const LoginPage = lazy(() => import('#client/routes/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('#client/routes/auth/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('#client/routes/auth/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('#client/routes/auth/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('#client/routes/auth/verify-email-page.tsx'));

const titleOnly = (title: string, description: string) => () => <TitleOnlyPage title={title} description={description} />;

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/** The route table of spec 01 section 2. Screens land with their own issues and replace titleOnly(...). */
export const ROUTES: { path: string; component: Screen }[] = [
  { path: '/', component: titleOnly('AI Virtual Staging for Real Estate', 'Furnish photos of empty rooms in seconds.') },
  { path: '/pricing', component: titleOnly('Choose Your Plan', 'Plans and pay-as-you-go credits for virtual staging.') },
  { path: '/dashboard', component: titleOnly('Dashboard', 'Your transformations, usage, credits and billing.') },
  { path: '/admin', component: titleOnly('Admin Dashboard', 'Users, transformations and the audit log.') },
  { path: '/help', component: titleOnly('Help Center', 'Guides and answers for Roomstage virtual staging.') },
  { path: '/privacy-policy', component: titleOnly('Privacy Policy', 'How Roomstage collects and uses your data.') },
  { path: '/terms-of-service', component: titleOnly('Terms of Service', 'The terms for using Roomstage.') },
  { path: '/contact', component: titleOnly('Contact Us', 'Get in touch with the Roomstage team.') },
  { path: '/login', component: LoginPage },
  { path: '/register', component: RegisterPage },
  { path: '/forgot-password', component: ForgotPasswordPage },
  { path: '/reset-password/:token', component: ResetPasswordPage },
  { path: '/reset-password', component: ResetPasswordPage },
  { path: '/verify-email', component: VerifyEmailPage },
  { path: '/features', component: titleOnly('Features', 'What Roomstage virtual staging can do.') },
  { path: '/examples', component: titleOnly('Examples', 'Before and after virtual staging examples.') },
];

function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {ROUTES.map((r) => (
          <Route key={r.path} path={r.path} component={r.component} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export { PageSpinner };
