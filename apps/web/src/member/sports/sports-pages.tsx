import { DomesticBoardPage } from './domestic-board.tsx';
import { EuropeListPage } from './europe-list.tsx';
import { FixtureDetailPage } from './fixture-detail.tsx';

/** The routed sports screens, loaded together on the first sports visit (sports-routes.tsx). */
export const EuropeSportsPage = () => <EuropeListPage board="europe" />;
export const EuropeSportsDetailPage = () => <FixtureDetailPage board="europe" />;
export const InplayPage = () => <EuropeListPage board="inplay" />;
export const InplayDetailPage = () => <FixtureDetailPage board="inplay" />;
export const CrossPage = () => <DomesticBoardPage board="cross" />;
export const SpecialPage = () => <DomesticBoardPage board="special" />;
export const Special2Page = () => <DomesticBoardPage board="special2" />;
export const LivePage = () => <DomesticBoardPage board="live" />;
