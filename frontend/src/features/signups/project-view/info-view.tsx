import { ListSection } from './list-section';
import { useItemActions } from './use-item-actions';
import { useViewContext } from './view-context';

/** info: phases with their lists and items, and signing up. */
export function InfoView() {
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const { view } = context;
  const top = view.phases.filter((phase) => phase.folderId === null);
  const listsOf = (phaseId: string) => view.lists.filter((list) => list.phaseId === phaseId);
  return (
    <>
      {element}
      {top.map((phase) => (
        <section key={phase.phaseId} className="phase" id={`_phase-${phase.phaseId}`} aria-labelledby={`public-phase-${phase.phaseId}`}>
          <h2 id={`public-phase-${phase.phaseId}`}>{phase.name}</h2>
          {phase.description && <p className="hint">{phase.description}</p>}
          {listsOf(phase.phaseId).map((list) => <ListSection key={list.listId} list={list} context={context} actions={actions} />)}
          {view.phases.filter((group) => group.folderId === phase.phaseId).map((group) => (
            <section key={group.phaseId} className="phase phase--group" id={`_phase-${group.phaseId}`} aria-labelledby={`public-phase-${group.phaseId}`}>
              <h3 id={`public-phase-${group.phaseId}`}>{group.name}</h3>
              {listsOf(group.phaseId).map((list) => <ListSection key={list.listId} list={list} context={context} actions={actions} />)}
            </section>
          ))}
        </section>
      ))}
    </>
  );
}
