// The frame of the screens without the shell lives in components/ (features use it too).
export { Logo, PublicCard } from '../components/PublicCard.tsx';
