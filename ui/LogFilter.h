#pragma once

#include <QSortFilterProxyModel>

namespace hostbench::ui {

/*
 * The Logs page's filter over a LogLineModel: the lines of one site (or of
 * all), of one status class (a LogsPage::StatusClass: all, 2xx..5xx, the
 * error logs' lines, which have no status, or the app logs' lines) and holding a text (any case; or
 * any text when empty). GUI thread, as its source model.
 */
class LogFilter final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    // `site`: a host name, "" for every site; `statusClass`: a LogsPage::StatusClass.
    void set(QString site, int statusClass, QString text);

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override;

private:
    QString m_site;
    int m_statusClass = 0; // LogsPage::AllStatuses
    QString m_text;
};

} // namespace hostbench::ui
