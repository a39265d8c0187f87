import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The router's navigate for a flow's effects, replacing the page the flow ran on: the way back
 * does not start the finished flow again. Spec section 2: a failed navigation is ignored.
 */
export function useFlowNavigate() {
  const navigate = useNavigate();
  return useCallback((to: string) => void Promise.resolve(navigate(to, { replace: true })).catch(() => undefined), [navigate]);
}
