import { Link } from "react-router";
import { TwoStepRegistrationForm, useAuthStore } from "../../auth";
import { SmallPrint } from "../MarketingPieces";

interface LanderSignupProps {
  title: string;
  nextLabel: string;
  submitLabel: string;
  choices?: boolean;
  className?: string;
}

/**
 * A lander's registration card. A member who is already signed in gets the
 * way in instead of a second account.
 */
export function LanderSignup({ title, nextLabel, submitLabel, choices = true, className = "" }: LanderSignupProps) {
  const user = useAuthStore((state) => state.user);
  const loggedIn = useAuthStore((state) => state.loggedIn);
  return (
    <div className={`card w-full p-6 sm:p-8 ${className}`}>
      {loggedIn ? (
        <div className="space-y-4 text-center">
          <h2 className="text-2xl font-semibold text-velvet-900">Welcome back{user ? `, ${user.username}` : ""}</h2>
          <p className="text-muted">You already have an account. Pick up where you left off.</p>
          <Link to="/dashboard" className="btn-primary w-full py-3 text-base">
            Go to search
          </Link>
        </div>
      ) : (
        <>
          <h2 className="mb-5 text-2xl font-semibold text-velvet-900">{title}</h2>
          <TwoStepRegistrationForm nextLabel={nextLabel} submitLabel={submitLabel} choices={choices} />
          <p className="mt-5 text-center text-sm text-muted">
            Already a member?{" "}
            <Link to="/login" className="font-semibold text-velvet-600 underline">
              Log In
            </Link>
          </p>
          <SmallPrint className="mt-3 text-center text-muted" />
        </>
      )}
    </div>
  );
}
