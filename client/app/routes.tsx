import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '#client/components/page-spinner.tsx';
import type { PagePath } from '#shared/constants/pages.ts';
// The landing page is in the entry chunk: most visitors arrive here, and a lazy chunk would add a
// round trip before the hero can paint (largest-contentful-paint budget, docs/decisions/0008).
import HomePage from '#client/routes/home/home-page.tsx';

// Each screen is its own chunk, so the home page ships only what it needs.
const NotFoundPage = lazy(() => import('#client/routes/common/not-found-page.tsx'));
const FeaturesPage = lazy(() => import('#client/routes/public/features/features-page.tsx'));
const HelpPage = lazy(() => import('#client/routes/public/help/help-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('#client/routes/public/legal/privacy-policy-page.tsx'));
const TermsOfServicePage = lazy(() => import('#client/routes/public/legal/terms-of-service-page.tsx'));
const ContactPage = lazy(() => import('#client/routes/public/contact/contact-page.tsx'));
const ExamplesPage = lazy(() => import('#client/routes/public/examples/examples-page.tsx'));
const LoginPage = lazy(() => import('#client/routes/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('#client/routes/auth/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('#client/routes/auth/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('#client/routes/auth/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('#client/routes/auth/verify-email-page.tsx'));
const PricingPage = lazy(() => import('#client/routes/billing/pricing-page.tsx'));
const TestCheckoutPage = lazy(() => import('#client/routes/billing/test-checkout-page.tsx'));
const ReceiptPage = lazy(() => import('#client/routes/billing/receipt-page.tsx'));
const DashboardPage = lazy(() => import('#client/routes/dashboard/dashboard-page.tsx'));
const AdminPage = lazy(() => import('#client/routes/admin/admin-page.tsx'));

type Screen = ComponentType | LazyExoticComponent<ComponentType>;

/** The route table: every page path of the site (listed in shared/constants/pages.ts) and its screen. */
export const ROUTES: { path: PagePath; component: Screen }[] = [
  { path: '/', component: HomePage },
  { path: '/pricing', component: PricingPage },
  { path: '/checkout/test/:sessionId', component: TestCheckoutPage },
  { path: '/receipts/:id', component: ReceiptPage },
  { path: '/dashboard', component: DashboardPage },
  { path: '/admin', component: AdminPage },
  { path: '/help', component: HelpPage },
  { path: '/privacy-policy', component: PrivacyPolicyPage },
  { path: '/terms-of-service', component: TermsOfServicePage },
  { path: '/contact', component: ContactPage },
  { path: '/login', component: LoginPage },
  { path: '/register', component: RegisterPage },
  { path: '/forgot-password', component: ForgotPasswordPage },
  { path: '/reset-password/:token', component: ResetPasswordPage },
  { path: '/reset-password', component: ResetPasswordPage },
  { path: '/verify-email', component: VerifyEmailPage },
  { path: '/features', component: FeaturesPage },
  { path: '/examples', component: ExamplesPage },
];

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
