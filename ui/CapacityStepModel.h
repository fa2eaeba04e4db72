#pragma once

#include "model/CapacityResult.h"

#include <QAbstractTableModel>
#include <QList>

class QTableView;

namespace hostbench::ui {

/*
 * A capacity search's steps (bench --find-capacity; model::CapacityStep) as
 * a table, as bench prints them: the step's number, the rate asked, the
 * rate achieved, the corrected p50 and p99, the errors of its requests and
 * the verdict ("pass", or "fail" with the first SLO that failed and its
 * figure, whole in the tool tip). Fed live by the Benchmark page as steps
 * end (appendSteps()), whole by the Runs page for a stored search
 * (setSteps()). GUI thread.
 */
class CapacityStepModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        StepColumn,
        RateColumn,
        AchievedColumn,
        P50Column,
        P99Column,
        ErrorsColumn,
        VerdictColumn,
        ColumnCount
    };

    explicit CapacityStepModel(QObject *parent = nullptr);

    void setSteps(const QList<model::CapacityStep> &steps);
    void appendSteps(const QList<model::CapacityStep> &steps);
    const QList<model::CapacityStep> &steps() const { return m_steps; }

    // A read-only view of it, named `objectName`, its columns fitted to their contents.
    static QTableView *makeView(CapacityStepModel *model, const QString &objectName, QWidget *parent);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString verdict(const model::CapacityStep &step) const;

    QList<model::CapacityStep> m_steps;
};

} // namespace hostbench::ui
