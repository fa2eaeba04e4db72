#include "ui/RunCompareDialog.h"

#include "ui/BenchCharts.h"
#include "ui/ButtonTexts.h"
#include "ui/Format.h"
#include "ui/RunListModel.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLocale>
#include <QScreen>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <functional>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

RunCompareDialog::RunCompareDialog(
    storage::Database &database, const QList<storage::StoredRun> &runs, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(RowCount, int(runs.size()), this))
    , m_charts(new BenchCharts(u"compare"_s, Qt::Horizontal, this))
{
    setObjectName(u"runsCompareDialog"_s);
    setWindowTitle(tr("Compare Runs"));
    m_table->setObjectName(u"compareTable"_s);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    fillTable(runs);

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
    return tr("%1 · %2").arg(RunListModel::idText(run.id), Format::dateTime(run.startedAtMs));
}

QString RunCompareDialog::legendName(const storage::StoredRun &run)
{
    // Short: three runs share a legend as wide as half the dialog, and Qt
    // Charts cuts what does not fit to "...". The table says it in full.
    const model::BenchParameters &p = run.parameters;
    const QString model = p.rate > 0 ? tr("open %1/s").arg(Format::rate(p.rate)) : tr("closed");
    return tr("%1 · %2 · %3").arg(RunListModel::idText(run.id), RunListModel::lengthText(run), model);
}

void RunCompareDialog::fillTable(const QList<storage::StoredRun> &runs)
{
    m_table->setVerticalHeaderLabels({ tr("URL"), tr("Model"), tr("Length"), tr("Concurrency"), tr("Threads"),
        tr("Keep-alive"), tr("Requests/s"), tr("p50"), tr("p90"), tr("p99"), tr("Max"), tr("Failed") });
    QStringList headers;
    for (const storage::StoredRun &run : runs)
        headers.append(runName(run));
    m_table->setHorizontalHeaderLabels(headers);
    if (runs.isEmpty())
        return;

    const auto setText = [this](int row, int column, const QString &text) {
        auto *item = new QTableWidgetItem(text);
        item->setToolTip(text);
        m_table->setItem(row, column, item);
    };
    // A number with, after the first run, its ratio to the first run's:
    // "2,000 (×1.25)". No ratio against a 0.
    const auto setNumber = [this](int row, int column, double value, double base, const QString &text) {
        auto *item = new QTableWidgetItem;
        item->setData(kValueRole, value);
        QString shown = text;
        if (column > 0 && base != 0) {
            const double ratio = value / base;
            item->setData(kRatioRole, ratio);
            shown = tr("%1 (×%2)").arg(text, QLocale().toString(ratio, 'f', 2));
        }
        item->setText(shown);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, item);
    };

    using Figure = std::function<double(const storage::StoredRun &)>;
    const auto number = [&](int row, const Figure &figure, const std::function<QString(double)> &format) {
        const double base = figure(runs.first());
        for (int column = 0; column < runs.size(); ++column) {
            const double value = figure(runs[column]);
            setNumber(row, column, value, base, format(value));
        }
    };
    const auto ms = [](double value) { return Format::milliseconds(value); };

    for (int column = 0; column < runs.size(); ++column) {
        const storage::StoredRun &run = runs[column];
        setText(UrlRow, column, RunListModel::displayUrl(run));
        setText(ModelRow, column, RunListModel::modelText(run.parameters));
        setText(LengthRow, column, RunListModel::lengthText(run));
        setText(KeepAliveRow, column, run.parameters.keepAlive ? tr("Yes") : tr("No"));
    }
    number(
        ConcurrencyRow, [](const storage::StoredRun &run) { return double(run.parameters.concurrency); },
        [](double value) { return Format::count(quint64(value)); });
    number(
        ThreadsRow, [](const storage::StoredRun &run) { return double(run.parameters.threads); },
        [](double value) { return Format::count(quint64(value)); });
    number(
        RateRow, [](const storage::StoredRun &run) { return run.summary.requestsPerSecond; },
        [](double value) { return Format::rate(value); });
    number(
        P50Row, [](const storage::StoredRun &run) { return run.summary.latencyP50Ms; }, ms);
    number(
        P90Row, [](const storage::StoredRun &run) { return run.summary.latencyP90Ms; }, ms);
    number(
        P99Row, [](const storage::StoredRun &run) { return run.summary.latencyP99Ms; }, ms);
    number(
        MaxRow, [](const storage::StoredRun &run) { return run.summary.latencyMaxMs; }, ms);
    number(
        FailedRow, [](const storage::StoredRun &run) { return double(run.summary.failed); },
        [](double value) { return Format::count(quint64(value)); });
}

} // namespace hostbench::ui
