#include "ui/RunCompareDialog.h"

#include "ui/BenchCharts.h"
#include "ui/ButtonTexts.h"
#include "ui/Format.h"
#include "ui/RunListModel.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
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
    , m_verdict(new QLabel(this))
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
    QList<model::RunComparison::Figures> figures;
    for (const storage::StoredRun &run : runs) {
        figures.append(
            { database.samples(run.id), database.histogram(run.id).value_or(model::LatencyHistogram()) });
        overlays.append({ legendName(run), figures.constLast().samples });
    }
    m_charts->compare(overlays);

    // Each run after the first against the first, as bench --compare-baseline does.
    QStringList verdicts;
    for (qsizetype i = 1; i < runs.size(); ++i)
        verdicts.append(verdictText(
            runs.first(), runs.at(i), model::RunComparison::compare(figures.constFirst(), figures.at(i))));
    m_verdict->setObjectName(u"compareVerdict"_s);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setText(verdicts.join(u'\n'));
    m_verdict->setToolTip(tr("A 95% bootstrap confidence interval on the ratio of the requests/s (blocks of "
                             "100 ms samples) and of the p99 (the latency histograms); see the README"));

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
    layout->addWidget(m_verdict);
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

QString RunCompareDialog::verdictText(
    const storage::StoredRun &first, const storage::StoredRun &run, const model::RunComparison &comparison)
{
    const QLocale locale;
    const auto ratio = [&](double value) { return tr("×%1").arg(locale.toString(value, 'f', 2)); };
    const auto part = [&](const model::RatioEstimate &e) {
        switch (e.verdict) {
        case model::RatioEstimate::Verdict::Faster:
            return tr("faster, %1 (%2 to %3)").arg(ratio(e.ratio), ratio(e.low), ratio(e.high));
        case model::RatioEstimate::Verdict::Slower:
            return tr("slower, %1 (%2 to %3)").arg(ratio(e.ratio), ratio(e.low), ratio(e.high));
        case model::RatioEstimate::Verdict::NoChange:
            return tr("no significant change, %1 (%2 to %3)")
                .arg(ratio(e.ratio), ratio(e.low), ratio(e.high));
        case model::RatioEstimate::Verdict::Unknown:
            break;
        }
        return tr("cannot tell: %1").arg(e.reason);
    };
    return tr("%1 against %2, at 95% confidence: requests/s %3; p99 %4.")
        .arg(RunListModel::idText(run.id), RunListModel::idText(first.id), part(comparison.rps),
            part(comparison.p99));
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
