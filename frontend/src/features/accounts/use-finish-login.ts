import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SessionAnswer } from '../../app/auth.api';
import { completeLogin } from '../../app/auth-session';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { lastRoute } from '../../app/route-meta';

/** Starts the session and returns to the stored last route (spec section 4), else the start. */
export function useFinishLogin(): (answer: SessionAnswer) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback((answer: SessionAnswer) => {
    completeLogin(dispatch, answer);
    void navigate(lastRoute() ?? paths.start.href(), { replace: true });
  }, [dispatch, navigate]);
}
