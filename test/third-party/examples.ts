/**
 * Realistic pastes whose root cause is a third-party message, at least two per record of
 * data/third-party.jsonl, in the shapes RisingWave prints them (psql chains, log lines, panics).
 */
export const THIRD_PARTY_EXAMPLES: Record<string, readonly string[]> = {
  "os-connection-refused": [
    "2024-05-08T09:06:17.178920601Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://0.0.0.0:5690/, trying again error=transport error: tcp connect error: Connection refused (os error 111)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: The service is currently unavailable\n  2: transport error\n  3: tcp connect error\n  4: Connection refused (os error 61)",
  ],
  "os-connection-reset": [
    "2024-03-01T10:00:00Z ERROR risingwave_stream::executor::sink: sink failed error=Sink error: failed to write: Connection reset by peer (os error 104)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error reading from upstream\n  3: Connection reset by peer (os error 54)",
  ],
  "h2-connection-reset": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: Unknown error\n  2: connection reset",
    "2024-06-01T00:00:00Z  WARN risingwave_storage::hummock::event_handler: failed to pin version error=Hummock error: Meta error: gRPC request to meta service failed: Unknown error: connection reset",
  ],
  "h2-broken-pipe": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to compute service failed: Unknown error\n  2: stream closed because of a broken pipe",
    "2024-02-02T02:02:02Z ERROR risingwave_batch::task: task failed error=gRPC request to compute service failed: Unknown error: stream closed because of a broken pipe",
  ],
  "os-broken-pipe": [
    "2024-04-04T04:04:04Z ERROR pgwire::pg_server: error when process message error=IO error: Broken pipe (os error 32)",
    "ERROR:  Failed to run the query\n\nCaused by:\n  Broken pipe (os error 32)",
  ],
  "h2-keepalive-timeout": [
    "ERROR:  QueryError: internal error: gRPC request to meta service failed: Unknown error: http2 error: keep-alive timed out",
    "2024-07-07T07:07:07Z  WARN risingwave_rpc_client::meta_client: heartbeat failed error=gRPC request to meta service failed: Unknown error: connection error: keep-alive timed out",
  ],
  "h2-stream-error-received": [
    '2024-05-08T09:06:17.178920601Z ERROR risingwave_meta::rpc::election::etcd: lease keeper failed error=grpc request error: status: Internal, message: "h2 protocol error: error reading a body from connection: stream error received: not a result of an error", details: [], metadata: MetadataMap { headers: {} }',
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to compute service failed: Internal error\n  2: stream error received: refused stream before processing any application logic",
  ],
  "h2-protocol-error": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: Unknown error\n  2: h2 protocol error: error reading a body from connection",
    "2024-01-01T00:00:00Z  WARN risingwave_common_service::observer_manager: Receives meta's notification err error=gRPC request to meta service failed: Unknown error: h2 protocol error: http2 error",
  ],
  "dns-lookup-failed": [
    "ERROR:  QueryError: internal error: failed to lookup address information: Name or service not known",
    "2024-01-01T00:00:00Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://meta:5690, trying again error=transport error: dns error: failed to lookup address information: Temporary failure in name resolution",
  ],
  "url-scheme-missing": [
    "2024-01-01T00:00:00Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server 127.0.0.1:5690, trying again error=invalid URL, scheme is missing",
    "Error: failed to create meta client\n\nCaused by:\n  invalid URL, scheme is missing",
  ],
  "tls-invalid-peer-certificate": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: failed to connect to schema registry\n  3: invalid peer certificate: UnknownIssuer",
    "2024-03-03T03:03:03Z ERROR risingwave_object_store: s3 request failed error=dispatch failure: io error: invalid peer certificate: NotValidForName",
  ],
  "tls-certificate-verify-failed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error:0A000086:SSL routines:tls_post_process_server_certificate:certificate verify failed:ssl/statem/statem_clnt.c:1889:",
    "2024-03-03T03:03:03Z  WARN librdkafka: librdkafka: FAIL [thrd:ssl://broker-1:9093/bootstrap]: ssl://broker-1:9093/bootstrap: SSL handshake failed: error:1416F086:SSL routines:tls_process_server_certificate:certificate verify failed: broker certificate could not be verified",
  ],
  "tonic-transport-error": [
    "ERROR:  QueryError: internal error: transport error",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: Unknown error\n  2: transport error",
  ],
  "tokio-deadline-elapsed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: deadline has elapsed",
    "2024-09-09T09:09:09Z  WARN risingwave_connector::source::kafka: fetch metadata failed error=deadline has elapsed",
  ],
  "tonic-unavailable": [
    "ERROR:  Failed to run the query\n\nCaused by:\n  gRPC request to meta service failed: The service is currently unavailable",
    "2024-05-05T05:05:05Z  WARN risingwave_frontend::scheduler: query failed error=gRPC request to compute service failed: The service is currently unavailable",
  ],
  "os-connection-timed-out": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: failed to connect to postgres\n  3: Connection timed out (os error 110)",
    "2024-05-05T05:05:05Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://10.0.0.9:5690, trying again error=transport error: tcp connect error: Connection timed out (os error 60)",
  ],
  "os-address-in-use": [
    "2024-01-01T00:00:00Z ERROR risingwave_cmd_all: failed to start frontend node error=Address already in use (os error 98)",
    "thread 'main' panicked at src/compute/src/server.rs:400:10:\nfailed to bind: Address already in use (os error 48)",
  ],
  "os-cannot-assign-address": [
    "Error: failed to start compute node\n\nCaused by:\n  Cannot assign requested address (os error 99)",
    "2024-01-01T00:00:00Z ERROR risingwave_compute: server failed error=transport error: Cannot assign requested address (os error 99)",
  ],
  "os-debug-connection-refused": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: failed to create compute client\n  2: Os { code: 61, kind: ConnectionRefused, message: "Connection refused" }',
    '2024-01-01T00:00:00Z  WARN risingwave_meta::stream: failed to create compute client error=Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }',
  ],
  "os-no-space-left": [
    "2024-01-01T00:00:00Z ERROR risingwave_storage::hummock::file_cache: write failed error=No space left on device (os error 28)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: IO error\n  3: No space left on device (os error 28)",
  ],
  "os-too-many-open-files": [
    "2024-01-01T00:00:00Z ERROR pgwire::pg_server: failed to accept connection error=Too many open files (os error 24)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: Too many open files (os error 24)",
  ],
  "os-permission-denied": [
    "Error: failed to start\n\nCaused by:\n  0: failed to open file cache\n  1: Permission denied (os error 13)",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: failed to open sqlite meta store error=unable to open database file: Permission denied (os error 13)",
  ],
  "os-no-such-file": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: failed to read schema file /data/schema.proto\n  3: No such file or directory (os error 2)",
    "2024-01-01T00:00:00Z ERROR risingwave_compute: failed to load config error=No such file or directory (os error 2)",
  ],
  "oom-exit-137": [
    "[risedev]: Program exited with 137",
    "Last State:     Terminated\n  Reason:       OOMKilled\n  Exit Code:    137",
    "[12345.678901] Out of memory: Killed process 4242 (risingwave) total-vm:17179869kB, anon-rss:16000000kB",
  ],
  "rust-alloc-failed": [
    "memory allocation of 17179869184 bytes failed\nAborted (core dumped)",
    "2024-01-01T00:00:00Z compute-node-0 | memory allocation of 4294967296 bytes failed",
  ],
  "s3-no-such-key": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: Hummock error\n  3: ObjectStore failed with IO error\n  4: NoSuchKey: The specified key does not exist.",
    "2024-01-01T00:00:00Z ERROR risingwave_storage: read sst failed error=ObjectStore failed with IO error: service error: NoSuchKey (request id: 17A2B3C4D5E6F7)",
  ],
  "opendal-not-found": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: NotFound (permanent) at read, context: { uri: https://bucket.s3.amazonaws.com/hummock_001/123.sst, response: Parts { status: 404 } } => S3Error { code: "NoSuchKey" }',
    "2024-01-01T00:00:00Z ERROR risingwave_meta::backup: backup failed error=ObjectStore failed with IO error: NotFound (permanent) at stat, context: { path: backup/manifest.json }",
  ],
  "s3-access-denied": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: AccessDenied: Access Denied",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store::object::s3: upload failed error=service error: AccessDenied (request id: 9XJ2K1)",
  ],
  "opendal-permission-denied": [
    "thread 'main' panicked at src/meta/src/backup_restore/restore.rs:100:10:\ncalled `Result::unwrap()` on an `Err` value: ObjectStore(PermissionDenied (permanent) at stat, context: { service: gcs, path: backup/manifest.json })",
    "ERROR:  Failed to run the query\n\nCaused by:\n  PermissionDenied (permanent) at write, context: { service: azblob, path: hummock/1.data }",
  ],
  "s3-slow-down": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store: retry upload error=ObjectStore failed with IO error: SlowDown: Please reduce your request rate.",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: SlowDown (request id: 4KZ9)",
  ],
  "aws-http-connect-timeout": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: HTTP connect timeout occurred after 3.1s",
    "2024-01-01T00:00:00Z  WARN risingwave_object_store::object::s3: streaming upload failed error=dispatch failure: timeout: HTTP connect timeout occurred after 3.1s",
  ],
  "reqsign-no-valid-credential": [
    "Error: BackupStorage error: no valid credential found and anonymous access is not allowed",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Unexpected (permanent) at list => loading credential to sign http request\n  3: no valid credential found and anonymous access is not allowed",
  ],
  "s3-invalid-credentials": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records.",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: request failed error=service error: SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided.",
  ],
  "s3-no-such-bucket": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: NoSuchBucket: The specified bucket does not exist",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::file_sink: write failed error=service error: NoSuchBucket (request id: ABC)",
  ],
  "kafka-broker-transport-failure": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: BrokerTransportFailure (Local: Broker transport failure)",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: produce failed error=Message production error: BrokerTransportFailure (Local: Broker transport failure)",
  ],
  "kafka-connect-failed": [
    "2024-01-01T00:00:00Z ERROR librdkafka: librdkafka: FAIL [thrd:localhost:9092/bootstrap]: localhost:9092/bootstrap: Connect to ipv4#127.0.0.1:9092 failed: Connection refused (after 0ms in state CONNECT)",
    "%3|1700000000.000|FAIL|rdkafka#consumer-1| [thrd:kafka:9092/bootstrap]: kafka:9092/bootstrap: Connect to ipv4#172.18.0.5:9092 failed: Connection timed out (after 30012ms in state CONNECT)",
  ],
  "kafka-resolve-failed": [
    "2024-01-01T00:00:00Z ERROR librdkafka: librdkafka: FAIL [thrd:absolutely-invalid:9092/bootstrap]: absolutely-invalid:9092/bootstrap: Failed to resolve 'absolutely-invalid:9092': nodename nor servname provided, or not known (after 1ms in state CONNECT)",
    "%3|1700000000.000|FAIL|rdkafka#producer-1| [thrd:broker-0.kafka:9092/0]: broker-0.kafka:9092/0: Failed to resolve 'broker-0.kafka:9092': Name or service not known",
  ],
  "kafka-unknown-topic": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: UnknownTopicOrPartition (Broker: Unknown topic or partition)",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: delivery failed error=Message production error: UnknownTopic (Local: Unknown topic)",
  ],
  "kafka-sasl-auth-failed": [
    "2024-01-01T00:00:00Z ERROR librdkafka: librdkafka: FAIL [thrd:sasl_ssl://b-1.msk:9096/bootstrap]: sasl_ssl://b-1.msk:9096/bootstrap: SASL authentication error: Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512 (after 120ms in state AUTH_REQ)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: SASL authentication error: Authentication failed: Invalid username or password",
  ],
  "kafka-message-too-large": [
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: failed to deliver error=Message production error: MessageSizeTooLarge (Broker: Message size too large)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Kafka error\n  3: Message production error: MsgSizeTooLarge (Local: Message size too large)",
  ],
  "kafka-bad-message-format": [
    "ERROR:  QueryError: internal error: Meta data fetch error: BadMessage (Local: Bad message format)",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::kafka::enumerator: fetch metadata failed error=Meta data fetch error: BadMessage (Local: Bad message format)",
  ],
  "kafka-timed-out": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: OperationTimedOut (Local: Timed out)",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::source::kafka: fetch watermarks failed error=Offset fetch error: OperationTimedOut (Local: Timed out)",
  ],
  "pg-replication-slot-exists": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: replication slot "rw_cdc_slot" already exists',
    'Caused by: org.postgresql.util.PSQLException: ERROR: replication slot "orders_slot" already exists',
  ],
  "pg-replication-slot-missing": [
    'org.postgresql.util.PSQLException: ERROR: replication slot "rw_cdc_slot" does not exist',
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: replication slot "rw_slot_1" does not exist',
  ],
  "pg-wal-level-not-logical": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: logical decoding requires wal_level >= logical",
    "org.postgresql.util.PSQLException: ERROR: logical decoding requires wal_level >= logical",
  ],
  "pg-publication-missing": [
    'org.postgresql.util.PSQLException: ERROR: publication "rw_publication" does not exist\n  Where: slot "rw_cdc_slot", output plugin "pgoutput", in the change callback',
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: publication "my_pub" does not exist',
  ],
  "pg-replication-slots-exhausted": [
    "org.postgresql.util.PSQLException: ERROR: all replication slots are in use\n  Hint: Free one or increase max_replication_slots.",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: all replication slots are in use",
  ],
  "pg-replication-privilege": [
    "org.postgresql.util.PSQLException: FATAL: must be superuser or replication role to start walsender",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: must be superuser or replication role to use replication slots",
  ],
  "pg-permission-denied": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: permission denied for table orders",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::postgres: write failed error=db error: ERROR: permission denied for schema analytics",
  ],
  "pg-column-type-mismatch": [
    "java.sql.BatchUpdateException: Batch entry 0 INSERT INTO public.t (id, payload) VALUES (1, '{}') was aborted: ERROR: column \"payload\" is of type jsonb but expression is of type character varying",
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: column "created_at" is of type date but expression is of type timestamp with time zone',
  ],
  "pg-relation-missing": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: relation "public.orders_agg" does not exist',
    'org.postgresql.util.PSQLException: ERROR: relation "target_table" does not exist\n  Position: 13',
  ],
  "mysql-access-denied": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Access denied for user 'rw'@'10.0.0.5' (using password: YES)",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: failed to connect meta store error=Connection Error: Access denied for user 'root'@'172.17.0.1' (using password: NO)",
  ],
  "mysql-replication-privilege": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Access denied; you need (at least one of) the REPLICATION SLAVE privilege(s) for this operation",
    "io.debezium.DebeziumException: Access denied; you need (at least one of) the RELOAD privilege(s) for this operation",
  ],
  "mysql-binlog-format": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: The MySQL server is not configured to use a ROW binlog_format, which is required for this connector to work properly. Change the MySQL configuration to use a binlog_format=ROW and restart the connector.",
    "io.debezium.DebeziumException: The MySQL server is not configured to use a ROW binlog_format, which is required for this connector to work properly.",
  ],
  "mysql-binlog-purged": [
    "io.debezium.DebeziumException: The connector is trying to read binlog starting at SourceInfo [currentGtid=null, currentBinlogFilename=mysql-bin.000003, currentBinlogPosition=154], but this is no longer available on the server. Reconfigure the connector to use a snapshot when needed.",
    "2024-01-01T00:00:00Z ERROR risingwave_connector_node: CDC engine failed error=The connector is trying to read binlog starting at binlog file 'mysql-bin.000012', pos=4, but this is no longer available on the server.",
  ],
  "jni-java-exception": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Failed to load iceberg table: segmentdb.segment_impression_data_rw\n  2: Java exception was thrown",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::remote: sink writer failed error=Java exception was thrown",
  ],
  "debezium-replication-stream-retry": [
    "2024-01-01 00:00:00,000 WARN io.debezium.connector.postgresql.PostgresStreamingChangeEventSource - Failed to start replication stream at LSN{F25B/5D702B88}, waiting for PT10S ms and retrying, attempt number 1 over 6",
    "WARN  [debezium-postgresconnector-rw-change-event-source-coordinator] Failed to start replication stream at LSN{0/16B3748}, waiting for PT10S ms and retrying",
  ],
  "java-socket-connection-reset": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: java.net.SocketException: Connection reset",
    "Caused by: java.net.SocketException: Broken pipe (Write failed)",
  ],
  "java-grpc-status-runtime": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: sink task error: io.grpc.StatusRuntimeException: INTERNAL",
    "io.grpc.StatusRuntimeException: UNAVAILABLE: io exception",
  ],
  "jackson-unrecognized-field": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Unrecognized field "database" (class com.risingwave.connector.JDBCSinkConfig), not marked as ignorable (13 known properties: "jdbc.url", "table.name", "type"])',
    'com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException: Unrecognized field "index" (class com.risingwave.connector.EsSinkConfig), not marked as ignorable',
  ],
  "java-out-of-memory": [
    'Exception in thread "debezium-engine" java.lang.OutOfMemoryError: Java heap space',
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: java.lang.OutOfMemoryError: GC overhead limit exceeded",
  ],
  "iceberg-no-such-table": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Failed to load iceberg table: db.events\n  2: org.apache.iceberg.exceptions.NoSuchTableException: Table does not exist: db.events",
    "Caused by: org.apache.iceberg.exceptions.NoSuchTableException: Table does not exist: analytics.page_views",
  ],
  "iceberg-commit-conflict": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Iceberg error\n  3: org.apache.iceberg.exceptions.CommitFailedException: Requirement failed: branch main has changed: expected id 123 != 456",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::iceberg: commit failed error=org.apache.iceberg.exceptions.CommitFailedException: Cannot commit db.t because base metadata location 'v3.metadata.json' is not same as the current table metadata location 'v4.metadata.json'",
  ],
  "mysql-data-too-long": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: Execution Error: error returned from database: 1406 (22001): Data too long for column 'definition' at row 1",
    "2024-01-01T00:00:00Z ERROR risingwave_meta::rpc::ddl_controller: create mv failed error=Data too long for column 'stream_node' at row 1",
  ],
  "sqlite-foreign-key-failed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: The cluster is recovering\n  2: Foreign Key Constraint Violated: FOREIGN KEY constraint failed",
    "2024-01-01T00:00:00Z ERROR risingwave_meta::barrier::recovery: recovery failed error=Execution Error: error returned from database: (code: 787) FOREIGN KEY constraint failed",
  ],
  "sql-unique-constraint-failed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: Execution Error: error returned from database: (code: 2067) UNIQUE constraint failed: object.name",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: create source failed error=UNIQUE constraint failed: source.name, source.schema_id",
  ],
  "pg-duplicate-key": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: duplicate key value violates unique constraint "orders_pkey"',
    'org.postgresql.util.PSQLException: ERROR: duplicate key value violates unique constraint "users_email_key"\n  Detail: Key (email)=(a@b.c) already exists.',
  ],
  "sea-orm-migration-missing": [
    "thread 'main' panicked at src/meta/node/src/server.rs:300:10:\ncalled `Result::unwrap()` on an `Err` value: Custom Error: Migration file of version 'm20241115_085007_remove_function_type' is missing, this migration has been applied but its file is missing",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: failed to migrate meta store error=Migration file of version 'm20250106_072104_fragment_relation' is missing, this migration has been applied but its file is missing",
  ],
  "etcd-database-space-exceeded": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: etcd error: grpc request error: status: ResourceExhausted, message: "etcdserver: mvcc: database space exceeded"',
    "2024-01-01T00:00:00Z ERROR risingwave_meta::storage: txn failed error=etcdserver: mvcc: database space exceeded",
  ],
  "serde-json-key-must-be-string": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Invalid input syntax\n  2: key must be a string at line 1 column 2",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse message, skipping error=key must be a string at line 1 column 3",
  ],
  "serde-json-syntax": [
    "ERROR:  Failed to run the query\n\nCaused by:\n  expected value at line 1 column 1",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse message, skipping error=EOF while parsing an object at line 1 column 120",
  ],
  "toml-unknown-field": [
    "Error: internal error: parse error: unknown field `chunk_size`, there are no fields for key `batch` at line 10 column 1",
    "Error: failed to load config\n\nCaused by:\n  unknown field `enable_fast_compaction`, expected one of `sstable_size_mb`, `block_size_kb`",
  ],
  "parse-int-error": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Invalid Parameter Value: invalid digit found in string",
    "2024-01-01T00:00:00Z ERROR risingwave_frontend: bad option error=Invalid value `10MB` for `properties.message.max.bytes`: invalid digit found in string",
  ],
  "parse-float-error": [
    "ERROR:  Failed to run the query\n\nCaused by:\n  Parse error: invalid float literal",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser::csv: failed to parse field error=invalid float literal",
  ],
  "parse-bool-error": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Invalid value `off` for `synchronize_seqscans`\n  2: provided string was not `true` or `false`",
    "Error: invalid value for option streaming_use_arrangement_backfill: provided string was not `true` or `false`",
  ],
  "chrono-parse-error": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Parse error: input contains invalid characters",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse timestamp error=premature end of input",
  ],
  "simd-json-tape-error": [
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse message, skipping error=Protocol error: InternalError(TapeError) at character 0 ('S')",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Protocol error\n  2: InternalError(TapeError) at character 0 ('{')",
  ],
  "utf8-invalid-sequence": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: invalid utf-8 sequence of 1 bytes from index 0",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse key error=invalid utf-8 sequence of 2 bytes from index 14",
  ],
  "libpq-ssl-syscall-eof": [
    "dev=> create sink s from t with (connector='jdbc');\nSSL SYSCALL error: EOF detected\nThe connection to the server was lost. Attempting reset: Failed.",
    "psql:setup.sql:12: SSL SYSCALL error: Connection reset by peer",
  ],
  "java-lang-exception": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Remote sink error\n  3: java.lang.IllegalArgumentException: cannot write xcontent for unknown value of type class java.math.BigDecimal",
    'Caused by: java.lang.NullPointerException: Cannot invoke "String.length()" because "value" is null',
  ],
  "os-network-unreachable": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store::object::s3: upload failed error=dispatch failure: io error: error trying to connect: tcp connect error: Network is unreachable (os error 101)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Network is unreachable (os error 101)",
  ],
  "os-no-route-to-host": [
    "2024-01-01T00:00:00Z  WARN risingwave_rpc_client::compute_client: failed to connect error=transport error: tcp connect error: No route to host (os error 113)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to compute service failed: The service is currently unavailable\n  2: transport error\n  3: No route to host (os error 65)",
  ],
  "os-read-only-fs": [
    "2024-01-01T00:00:00Z ERROR risingwave_storage::hummock::file_cache: open failed error=Read-only file system (os error 30)",
    "Error: failed to create spill directory\n\nCaused by:\n  Read-only file system (os error 30)",
  ],
  "os-debug-connection-reset": [
    '2022-08-01T00:00:00Z  WARN risingwave_meta::barrier: Failed to commit epoch: RPC error: Internal(hyper::Error(Io, Os { code: 104, kind: ConnectionReset, message: "Connection reset by peer" }))',
    'ERROR:  Failed to run the query\n\nCaused by:\n  Os { code: 54, kind: ConnectionReset, message: "Connection reset by peer" }',
  ],
  "hyper-connection-closed-before-message": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store::object::s3: retry request error=dispatch failure: io error: connection closed before message completed",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: failed to fetch schema from registry\n  3: connection closed before message completed",
  ],
  "tonic-timeout-expired": [
    '2024-01-01T00:00:00Z  WARN risingwave_meta::barrier: inject barrier failed error=gRPC request to stream service failed: Cancelled: status: Cancelled, message: "Timeout expired", details: [], metadata: MetadataMap { headers: {} }',
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: Cancelled\n  2: Timeout expired",
  ],
  "tls-wrong-version-number": [
    "2024-01-01T00:00:00Z ERROR librdkafka: librdkafka: FAIL [thrd:ssl://kafka:9092/bootstrap]: ssl://kafka:9092/bootstrap: SSL handshake failed: error:0A00010B:SSL routines::wrong version number (after 4ms in state SSL_HANDSHAKE)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error:1408F10B:SSL routines:ssl3_get_record:wrong version number:../ssl/record/ssl3_record.c:331:",
  ],
  "tls-received-corrupt-message": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error sending request for url (https://registry:8081/subjects)\n  3: received corrupt message of type InvalidContentType",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: request failed error=dispatch failure: io error: received corrupt message of type InvalidContentType",
  ],
  "dns-no-record-found": [
    '2024-01-01T00:00:00Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://meta:5690, trying again error=transport error: dns error: no record found for Query { name: Name("meta.default.svc.cluster.local."), query_type: AAAA, query_class: IN }',
    'ERROR:  Failed to run the query\n\nCaused by:\n  no record found for Query { name: Name("kafka."), query_type: A, query_class: IN }',
  ],
  "s3-expired-token": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: ExpiredToken: The provided token has expired.",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::filesystem: list objects failed error=service error: ExpiredToken (request id: 77AB)",
  ],
  "s3-request-time-skewed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: RequestTimeTooSkewed: The difference between the request time and the current time is too large.",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: upload failed error=service error: RequestTimeTooSkewed (request id: 1F2E)",
  ],
  "opendal-unexpected": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: Unexpected (temporary) at read, context: { uri: http://minio:9000/hummock/1.data } => send http request, source: error sending request for url (http://minio:9000/hummock/1.data)",
    "2024-01-01T00:00:00Z  WARN risingwave_object_store: streaming read failed error=ObjectStore(Unexpected (persistent) at stat, context: { service: s3, path: backup/manifest.json } => unexpected status code 502)",
  ],
  "opendal-rate-limited": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store: upload retried error=ObjectStore failed with IO error: RateLimited (temporary) at write, context: { service: gcs, path: hummock/12.data }",
    "ERROR:  Failed to run the query\n\nCaused by:\n  RateLimited (temporary) at read, context: { service: azblob, path: hummock/9.data } => status 503",
  ],
  "kafka-all-brokers-down": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: AllBrokersDown (Local: All broker connections are down)",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: produce failed error=Message production error: AllBrokersDown (Local: All broker connections are down)",
  ],
  "kafka-topic-authorization-failed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: TopicAuthorizationFailed (Broker: Topic authorization failed)",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: delivery failed error=Message production error: TopicAuthorizationFailed (Broker: Topic authorization failed)",
  ],
  "kafka-offset-out-of-range": [
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::kafka::source::reader: consume failed error=Message consumption error: OffsetOutOfRange (Broker: Offset out of range)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Message consumption error: OffsetOutOfRange (Broker: Offset out of range)",
  ],
  "kafka-queue-full": [
    "2024-01-01T00:00:00Z  WARN risingwave_connector::sink::kafka: enqueue failed, retrying error=Message production error: QueueFull (Local: Queue full)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Message production error: QueueFull (Local: Queue full)",
  ],
  "pg-password-auth-failed": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: FATAL: password authentication failed for user "rw_cdc"',
    'org.postgresql.util.PSQLException: FATAL: password authentication failed for user "postgres"',
  ],
  "pg-no-hba-entry": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: FATAL: no pg_hba.conf entry for replication connection from host "10.1.2.3", user "rw_cdc", no encryption',
    'org.postgresql.util.PSQLException: FATAL: no pg_hba.conf entry for host "172.18.0.7", user "rw", database "shop", SSL off',
  ],
  "pg-too-many-clients": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: FATAL: sorry, too many clients already",
    "org.postgresql.util.PSQLException: FATAL: remaining connection slots are reserved for non-replication superuser connections",
  ],
  "pg-statement-timeout": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: canceling statement due to statement timeout",
    "org.postgresql.util.PSQLException: ERROR: canceling statement due to statement timeout",
  ],
  "pg-system-starting-up": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: FATAL: the database system is starting up",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: failed to connect to meta store error=error returned from database: the database system is shutting down",
  ],
  "pg-jdbc-connection-refused": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: Connection to localhost:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.",
    "org.postgresql.util.PSQLException: Connection to postgres:5433 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.",
  ],
  "mysql-communications-link-failure": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: Communications link failure",
    "com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.",
  ],
  "mysql-public-key-retrieval": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: Public Key Retrieval is not allowed",
    "java.sql.SQLNonTransientConnectionException: Public Key Retrieval is not allowed",
  ],
  "mysql-unknown-database": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Unknown database 'shop'",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: failed to connect meta store error=Connection Error: error returned from database: 1049 (42000): Unknown database 'risingwave'",
  ],
  "mysql-table-doesnt-exist": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Table 'shop.orders_agg' doesn't exist",
    "java.sql.SQLSyntaxErrorException: Table 'inventory.products' doesn't exist",
  ],
  "mysql-too-many-connections": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Too many connections",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: meta store pool error=error returned from database: 1040 (08004): Too many connections",
  ],
  "mysql-lost-connection": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Lost connection to MySQL server during query",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: query failed error=error returned from database: 2013 (HY000): Lost connection to server during query",
  ],
  "mysql-deadlock": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Deadlock found when trying to get lock; try restarting transaction",
    "java.sql.SQLTransactionRollbackException: Deadlock found when trying to get lock; try restarting transaction",
  ],
  "sqlite-database-locked": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: Execution Error: error returned from database: (code: 5) database is locked",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: commit failed error=database is locked",
  ],
  "etcd-request-timed-out": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: etcd error: grpc request error: status: Unavailable, message: "etcdserver: request timed out"',
    "2023-01-01T00:00:00Z ERROR risingwave_meta::storage::etcd_meta_store: txn failed error=etcdserver: leader changed",
  ],
  "serde-invalid-type": [
    '2024-01-01T00:00:00Z  WARN risingwave_connector::parser: failed to parse message, skipping error=invalid type: string "12", expected u64 at line 1 column 12',
    'Error: failed to load config\n\nCaused by:\n  invalid type: string "100", expected usize for key `storage.block_cache_capacity_mb` at line 12 column 32',
  ],
  "serde-missing-field": [
    "Error: failed to load config\n\nCaused by:\n  missing field `listen_addr` at line 4 column 1",
    "2024-01-01T00:00:00Z  WARN risingwave_connector::parser::debezium: failed to parse message, skipping error=missing field `payload`",
  ],
  "serde-untagged-enum": [
    "Error: failed to load config\n\nCaused by:\n  data did not match any variant of untagged enum CacheEvictionConfig for key `storage.cache.eviction` at line 20 column 1",
    "ERROR:  Failed to run the query\n\nCaused by:\n  data did not match any variant of untagged enum SchemaLocation",
  ],
  "tls-invalid-dnsname": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error sending request for url (https://10.0.0.5:8081/subjects)\n  3: invalid dnsname",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: request failed error=dispatch failure: io error: invalid dnsname",
  ],
  "operation-timed-out": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error sending request for url (http://registry:8081/subjects/orders-value/versions/latest)\n  3: operation timed out",
    "2024-01-01T00:00:00Z  WARN risingwave_rpc_client: connect failed error=transport error: operation timed out",
  ],
  "minio-storage-full": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: XMinioStorageFull: Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.",
    "2024-01-01T00:00:00Z ERROR risingwave_storage::hummock::sstable: upload failed error=service error: XMinioStorageFull (request id: 17F)",
  ],
  "s3-no-such-upload": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store::object::s3: streaming upload failed error=service error: NoSuchUpload: The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: NoSuchUpload (request id: 9A)",
  ],
  "kafka-ssl-handshake-failed": [
    "2024-01-01T00:00:00Z ERROR librdkafka: librdkafka: FAIL [thrd:ssl://kafka:9092/bootstrap]: ssl://kafka:9092/bootstrap: SSL handshake failed: Disconnected: connecting to a PLAINTEXT broker listener? (after 3ms in state SSL_HANDSHAKE)",
    "%3|1700000000.000|FAIL|rdkafka#consumer-1| [thrd:ssl://b-1:9094/bootstrap]: ssl://b-1:9094/bootstrap: SSL handshake failed: error:0A000410:SSL routines::sslv3 alert handshake failure: SSL alert number 40",
  ],
  "kafka-config-property": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Client creation error: No such configuration property: "sasl.jaas.config"',
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Client config error: Invalid value "10MB" for configuration property "message.max.bytes" message.max.bytes 10MB',
  ],
  "kafka-leader-not-available": [
    "2024-01-01T00:00:00Z  WARN risingwave_connector::sink::kafka: produce failed, retrying error=Message production error: LeaderNotAvailable (Broker: Leader not available)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Meta data fetch error: LeaderNotAvailable (Broker: Leader not available)",
  ],
  "kafka-group-authorization-failed": [
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::kafka: commit failed error=Consumer commit error: GroupAuthorizationFailed (Broker: Group authorization failed)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Message consumption error: GroupAuthorizationFailed (Broker: Group authorization failed)",
  ],
  "schema-registry-subject-not-found": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: all request confluent registry all timeout, req path ["subjects", "orders-value", "versions", "latest"], urls ["http://sr:8081/"], err: ErrorResp { error_code: 40401, message: "Subject \'orders-value\' not found." }',
    "ERROR:  Failed to run the query\n\nCaused by:\n  Subject 'payments-key' not found.",
  ],
  "libpq-connection-refused": [
    'psql: error: connection to server at "localhost" (127.0.0.1), port 4566 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?',
    'psql: could not connect to server: Connection refused\n\tIs the server running on host "risingwave" (172.18.0.3) and accepting\n\tTCP/IP connections on port 4566?',
  ],
  "pg-ssl-not-enabled": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: FATAL: SSL is not enabled on the server",
    'psql: error: connection to server at "rw" (10.0.0.2), port 4566 failed: server does not support SSL, but SSL was required',
  ],
  "pg-replication-slot-active": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: replication slot "rw_cdc_slot" is active for PID 4242',
    'org.postgresql.util.PSQLException: ERROR: replication slot "orders_slot" is active for PID 31337',
  ],
  "pg-wal-segment-removed": [
    "org.postgresql.util.PSQLException: ERROR: requested WAL segment 000000010000000A000000F3 has already been removed",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: requested WAL segment 0000000100000002000000AB has already been removed",
  ],
  "pg-replica-identity-missing": [
    'ERROR:  cannot update table "events" because it does not have a replica identity and publishes updates\nHINT:  To enable updating the table, set REPLICA IDENTITY using ALTER TABLE.',
    'org.postgresql.util.PSQLException: ERROR: cannot delete from table "audit_log" because it does not have a replica identity and publishes deletes',
  ],
  "pg-column-missing": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: column "discount" of relation "orders_agg" does not exist',
    'java.sql.BatchUpdateException: Batch entry 0 INSERT INTO t (id, v2) VALUES (1, 2) was aborted: ERROR: column "v2" of relation "t" does not exist',
  ],
  "pg-value-too-long": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: value too long for type character varying(255)",
    "org.postgresql.util.PSQLException: ERROR: value too long for type character varying(32)",
  ],
  "pg-not-null-violation": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: null value in column "customer_id" of relation "orders" violates not-null constraint',
    'org.postgresql.util.PSQLException: ERROR: null value in column "name" violates not-null constraint',
  ],
  "mysql-unknown-column": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Unknown column 'discount' in 'field list'",
    "java.sql.SQLSyntaxErrorException: Unknown column 'v2' in 'field list'",
  ],
  "mysql-incorrect-value": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Incorrect datetime value: '2024-05-08 09:06:17+00:00' for column 'created_at' at row 1",
    "java.sql.SQLException: Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'comment' at row 3",
  ],
  "mysql-duplicate-server-id": [
    "io.debezium.DebeziumException: A slave with the same server_uuid/server_id as this slave has connected to the master; the first event 'mysql-bin.000003' at 4, the last event read from './mysql-bin.000003' at 125",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: A replica with the same server_uuid/server_id as this replica has connected to the source",
  ],
  "java-net-connect": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: java.net.ConnectException: Connection refused",
    "Caused by: java.net.SocketTimeoutException: Connect timed out",
  ],
  "java-unknown-host": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: java.net.UnknownHostException: elasticsearch: Name or service not known",
    "Caused by: java.net.UnknownHostException: mysql.prod.internal",
  ],
  "java-ssl-handshake": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: javax.net.ssl.SSLHandshakeException: PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target",
    "Caused by: javax.net.ssl.SSLHandshakeException: Received fatal alert: handshake_failure",
  ],
  "iceberg-no-such-namespace": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: org.apache.iceberg.exceptions.NoSuchNamespaceException: Namespace does not exist: analytics",
    "Caused by: org.apache.iceberg.exceptions.NoSuchNamespaceException: Namespace does not exist: lake.db",
  ],
  "glue-entity-not-found": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: EntityNotFoundException: Database analytics not found.",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::iceberg: load table failed error=service error: EntityNotFoundException (request id: 8C)",
  ],
  "pg-serialization-failure": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: error returned from database: could not serialize access due to concurrent update",
    "org.postgresql.util.PSQLException: ERROR: could not serialize access due to read/write dependencies among transactions",
  ],
  "pg-admin-terminated": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: FATAL: terminating connection due to administrator command",
    "org.postgresql.util.PSQLException: FATAL: terminating connection due to administrator command",
  ],
  "sqlite-no-such-table": [
    "thread 'main' panicked at src/meta/node/src/server.rs:200:10:\ncalled `Result::unwrap()` on an `Err` value: Execution Error: error returned from database: (code: 1) no such table: seaql_migrations",
    "2024-01-01T00:00:00Z ERROR risingwave_meta: query failed error=no such table: cluster",
  ],
  "serde-unknown-variant": [
    "Error: failed to load config\n\nCaused by:\n  unknown variant `zstd1`, expected one of `none`, `lz4`, `zstd` for key `storage.compression` at line 30 column 15",
    "2024-01-01T00:00:00Z ERROR risingwave_frontend: bad option error=unknown variant `Earliest`, expected `earliest` or `latest`",
  ],
  "serde-invalid-value": [
    "Error: failed to load config\n\nCaused by:\n  invalid value: integer `-1`, expected u32 for key `streaming.actor_runtime_worker_threads_num` at line 8 column 40",
    "ERROR:  Failed to run the query\n\nCaused by:\n  invalid value: integer `70000`, expected u16",
  ],
  "tonic-cancelled": [
    '2024-01-01T00:00:00Z  WARN risingwave_frontend::scheduler: query failed error=gRPC request to compute service failed: Cancelled: status: Cancelled, message: "The operation was cancelled", details: [], metadata: MetadataMap { headers: {} }',
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to compute service failed: Cancelled\n  2: The operation was cancelled",
  ],
  "tonic-deadline-exceeded": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to meta service failed: Deadline Exceeded\n  2: Deadline expired before operation could complete",
    '2024-01-01T00:00:00Z  WARN risingwave_rpc_client: call failed error=status: DeadlineExceeded, message: "Deadline expired before operation could complete", details: [], metadata: MetadataMap { headers: {} }',
  ],
  "tonic-message-too-large": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to compute service failed: Out of range\n  2: decoded message length too large: found 8388725 bytes, the limit is: 4194304 bytes",
    '2024-01-01T00:00:00Z ERROR risingwave_frontend::observer: receive notification failed error=status: OutOfRange, message: "encoded message length too large: found 70000000 bytes, the limit is: 67108864 bytes", details: []',
  ],
  "hyper-operation-canceled": [
    "2024-01-01T00:00:00Z  WARN risingwave_object_store::object::s3: request retried error=dispatch failure: io error: operation was canceled: connection closed",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error sending request for url (http://registry:8081/subjects)\n  3: operation was canceled",
  ],
  "os-cannot-allocate-memory": [
    "2024-01-01T00:00:00Z ERROR risingwave_storage::hummock::file_cache: mmap failed error=Cannot allocate memory (os error 12)",
    "thread 'main' panicked at src/cmd_all/src/bin/risingwave.rs:20:10:\nfailed to spawn thread: Cannot allocate memory (os error 12)",
  ],
  "os-operation-not-permitted": [
    "Error: failed to start frontend node\n\nCaused by:\n  Operation not permitted (os error 1)",
    "2024-01-01T00:00:00Z ERROR risingwave_compute: set rlimit failed error=Operation not permitted (os error 1)",
  ],
  "opendal-config-invalid": [
    "Error: failed to create object store\n\nCaused by:\n  ConfigInvalid (permanent) at , context: { service: s3 } => region is missing. Please find it by S3::detect_region() or set them in env.",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: ObjectStore(ConfigInvalid (permanent) at , context: { service: gcs } => credential is invalid)",
  ],
  "s3-authorization-header-malformed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: AuthorizationHeaderMalformed: The authorization header is malformed; the region 'us-east-1' is wrong; expecting 'us-west-2'",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: request failed error=service error: AuthorizationHeaderMalformed (request id: 3B)",
  ],
  "s3-permanent-redirect": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: PermanentRedirect: The bucket you are attempting to access must be addressed using the specified endpoint.",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::filesystem: list failed error=service error: PermanentRedirect (request id: 5D)",
  ],
  "elasticsearch-exception": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Elasticsearch exception [type=mapper_parsing_exception, reason=failed to parse field [ts] of type [date] in document with id '1']",
    "Caused by: org.elasticsearch.ElasticsearchStatusException: Elasticsearch exception [type=index_not_found_exception, reason=no such index [orders]]",
  ],
  "iceberg-validation-exception": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: org.apache.iceberg.exceptions.ValidationException: Cannot find field 'discount' in struct",
    "Caused by: org.apache.iceberg.exceptions.ValidationException: Table metadata refresh is required",
  ],
  "java-timeout-exception": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: java.util.concurrent.TimeoutException",
    "Caused by: java.util.concurrent.TimeoutException: Waited 30 seconds for the Debezium engine to start",
  ],
  "kafka-connect-data-exception": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: org.apache.kafka.connect.errors.DataException: Invalid value: null used for required field: "created_at", schema type: INT64',
    "Caused by: org.apache.kafka.connect.errors.DataException: Unexpected value for JDBC type 91 and column birthday DATE NOT NULL: class=java.lang.String",
  ],
  "libpq-server-closed-connection": [
    "dev=> select * from big_join;\nserver closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.\nThe connection to the server was lost. Attempting reset: Failed.",
    "psql:load.sql:3: SSL connection has been closed unexpectedly",
  ],
  "tls-received-fatal-alert": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: error sending request for url (https://registry:8081/subjects)\n  3: received fatal alert: HandshakeFailure",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: request failed error=dispatch failure: io error: received fatal alert: BadCertificate",
  ],
  "s3-not-implemented": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: NotImplemented: A header you provided implies functionality that is not implemented",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store::object::s3: streaming upload failed error=service error: NotImplemented (request id: 0A)",
  ],
  "s3-entity-too-small": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: EntityTooSmall: Your proposed upload is smaller than the minimum allowed object size.",
    "2024-01-01T00:00:00Z ERROR risingwave_object_store: complete multipart failed error=service error: EntityTooSmall (request id: 7E)",
  ],
  "aws-no-credentials": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Storage error\n  2: ObjectStore failed with IO error\n  3: dispatch failure\n  4: no providers in chain provided credentials",
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::iceberg: load catalog failed error=an error occurred while loading credentials: the credential provider was not enabled",
  ],
  "kafka-unknown-partition": [
    "2024-01-01T00:00:00Z ERROR risingwave_connector::source::kafka::source::reader: seek failed error=Seek error: UnknownPartition (Local: Unknown partition)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Offset fetch error: UnknownPartition (Local: Unknown partition)",
  ],
  "kafka-request-timed-out": [
    "2024-01-01T00:00:00Z  WARN risingwave_connector::sink::kafka: delivery failed, retrying error=Message production error: RequestTimedOut (Broker: Request timed out)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Message production error: RequestTimedOut (Broker: Request timed out)",
  ],
  "kafka-message-timed-out": [
    "2024-01-01T00:00:00Z ERROR risingwave_connector::sink::kafka: delivery failed error=Message production error: MessageTimedOut (Local: Message timed out)",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Kafka error\n  3: Message production error: MessageTimedOut (Local: Message timed out)",
  ],
  "pg-must-be-owner": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: must be owner of table orders",
    "org.postgresql.util.PSQLException: ERROR: must be owner of relation customers",
  ],
  "pg-output-plugin-missing": [
    'org.postgresql.util.PSQLException: ERROR: could not access file "decoderbufs": No such file or directory',
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: db error: ERROR: could not access file "wal2json": No such file or directory',
  ],
  "pg-value-out-of-range": [
    'ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: db error: ERROR: value "3000000000" is out of range for type integer',
    'org.postgresql.util.PSQLException: ERROR: value "70000" is out of range for type smallint',
  ],
  "mysql-timezone-unrecognized": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: The server time zone value 'CST' is unrecognized or represents more than one time zone. You must configure either the server or JDBC driver (via the 'serverTimezone' configuration property) to use a more specifc time zone value if you want to utilize time zone support.",
    "java.sql.SQLException: The server time zone value 'PDT' is unrecognized or represents more than one time zone. You must configure either the server or JDBC driver.",
  ],
  "mysql-gtid-mode-off": [
    "io.debezium.DebeziumException: The replication sender thread cannot start in AUTO_POSITION mode: this server has GTID_MODE = OFF instead of ON.",
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: The replication sender thread cannot start in AUTO_POSITION mode: this server has GTID_MODE = OFF_PERMISSIVE instead of ON.",
  ],
  "mongo-unauthorized": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Command failed with error 13 (Unauthorized): 'not authorized on shop to execute command { aggregate: 1, pipeline: [ { $changeStream: {} } ] }' on server mongo:27017",
    "com.mongodb.MongoCommandException: Command failed with error 18 (AuthenticationFailed): 'Authentication failed.' on server mongo:27017.",
  ],
  "mongo-socket-open": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: connector error\n  2: Timed out after 30000 ms while waiting for a server that matches ReadPreferenceServerSelector{readPreference=primary}.",
    "com.mongodb.MongoSocketOpenException: Exception opening socket",
  ],
  "pgjdbc-connection-attempt-failed": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Internal error on source validation\n  2: The connection attempt failed.",
    "org.postgresql.util.PSQLException: The connection attempt failed.",
  ],
  "sqlx-pool-timed-out": [
    "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Meta error\n  2: Connection Error: pool timed out while waiting for an open connection",
    "2024-01-01T00:00:00Z ERROR risingwave_meta::controller: begin transaction failed error=Connection pool timed out",
  ],
};
