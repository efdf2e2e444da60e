/** The combat models by the id a scenario names in its options (docs/scenarios.md). */
import type { GameOptions } from '../../state.ts';
import type { CombatModel } from './model.ts';
import { oddsModel } from './odds.ts';
import { standardModel } from './standard.ts';

const MODELS: Record<GameOptions['combat'], CombatModel> = { standard: standardModel, odds: oddsModel };

export const combatModel = (id: GameOptions['combat']): CombatModel => MODELS[id];
