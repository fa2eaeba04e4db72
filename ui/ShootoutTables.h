#pragma once

class QTableView;

namespace hostbench::ui {

/*
 * How the Shootout page's tables look: whole rows selected one at a time,
 * read-only, alternating colours, no row numbers, columns sized to their
 * contents and `stretchColumn` (when >= 0) taking the rest. GUI thread.
 */
struct ShootoutTables
{
    static void setUp(QTableView *view, int stretchColumn);
};

} // namespace hostbench::ui
