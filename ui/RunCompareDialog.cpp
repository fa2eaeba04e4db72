#include "ui/RunCompareDialog.h"

#include "ui/BenchCharts.h"
#include "ui/ButtonTexts.h"
#include "ui/Format.h"
#include "ui/RunListModel.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

RunCompareDialog::RunCompareDialog(
    storage::Database &database, const QList<storage::StoredRun> &runs, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableView(this))
    , m_charts(new BenchCharts(u"compare"_s, Qt::Horizontal, this))
{
    setObjectName(u"runsCompareDialog"_s);
    setWindowTitle(tr("Compare Runs"));
    m_table->setObjectName(u"compareTable"_s);
    m_table->setModel(new RunCompareModel(runs, m_table));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    QList<BenchCharts::Overlay> overlays;
    overlays.reserve(runs.size());
    for (const storage::StoredRun &run : runs)
        overlays.append({ legendName(run), database.samples(run.id) });
    m_charts->compare(overlays);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    ButtonTexts::translate(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_charts);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    split->setSizes({ 290, 410 }); // every row of the table without a scroll bar
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    // Roomy where the screen allows, never larger than it (a 1024x700 screen
    // hid the Close button of a 1120x740 dialog).
    const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QSize room = screen ? screen->availableGeometry().size() * 0.92 : QSize(1120, 740);
    resize(QSize(1120, 740).boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room)));
}

QString RunCompareDialog::runName(const storage::StoredRun &run)
{
    return RunCompareModel::runName(run);
}

QString RunCompareDialog::legendName(const storage::StoredRun &run)
{
    // Short: three runs share a legend as wide as half the dialog, and Qt
    // Charts cuts what does not fit to "...". The table says it in full.
    const model::BenchParameters &p = run.parameters;
    const QString model = p.rate > 0 ? tr("open %1/s").arg(Format::rate(p.rate)) : tr("closed");
    return tr("%1 · %2 · %3").arg(RunListModel::idText(run.id), RunListModel::lengthText(run), model);
}

} // namespace hostbench::ui
